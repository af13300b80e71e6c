/// `catch`: recover from a failure by switching to another signal.
extension Signal {
  /// Forwards this signal until it fails, then subscribes to the signal `handler` makes
  /// from the failure and forwards that one instead. The failed subscription has already
  /// been disposed when `handler` runs.
  ///
  /// ```swift
  /// load().catch { _ in .just(placeholder) }
  /// ```
  ///
  /// `handler` is not called if the subscription has ended. To fail with another error,
  /// return `.error(newError)`.
  public func `catch`<NewFailure>(
    _ handler: @escaping (Failure) -> Signal<Value, NewFailure>
  ) -> Signal<Value, NewFailure> {
    Signal<Value, NewFailure> { observer, lifetime in
      let fallback = SerialDisposable()
      // Each signal gets its own guarded subscription; this one releases the failed
      // upstream before reporting the failure, so the fallback starts after it.
      let upstream = SubscriptionSink<Value, Failure>(
        Observer { event in
          switch event {
          case .next(let value):
            observer.send(value)
          case .completed:
            observer.sendCompleted()
          case .failed(let error):
            guard !lifetime.hasEnded else { return }
            fallback.inner = handler(error).subscribe(observer)
          }
        })
      upstream.start(self)
      return AnyDisposable {
        upstream.dispose()
        fallback.dispose()
      }
    }
  }
}
