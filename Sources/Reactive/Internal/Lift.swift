// The one primitive of the one-to-one operators.

extension Signal {
  /// A signal that subscribes to this one through an observer made by `makeObserver`
  /// for each subscription: the primitive behind every one-to-one operator (`map`,
  /// `filter`, `scan`, `take`, `on(next:…)`, …), ReactiveSwift's `lift`.
  ///
  /// `makeObserver` receives the downstream observer (already guarded) and the
  /// subscription's lifetime, and returns the observer this signal is started with; it
  /// runs once per subscription, so per-subscription state is a local of its body.
  /// The upstream runs with the downstream lifetime and no guard of its own (see
  /// `start(_:_:)`): an operator built on this checks `lifetime.hasEnded` before running
  /// user code (`Observer.relay(_:_:_:)` does for the usual shape).
  ///
  /// `@inlinable`, and the observer is built in the caller's closure, so each operator's
  /// event handling is specialized and inlined where it is used: lifting costs one
  /// indirect call per subscription, nothing per event.
  @inlinable
  package func lift<NewValue, NewFailure>(
    _ makeObserver: @escaping (Observer<NewValue, NewFailure>, Lifetime) -> Observer<Value, Failure>
  ) -> Signal<NewValue, NewFailure> {
    Signal<NewValue, NewFailure> { observer, lifetime in
      self.start(makeObserver(observer, lifetime), lifetime)
    }
  }
}

extension Observer {
  /// The body shared by the operators that act on values and pass terminal events
  /// through: a value runs `onValue` unless the subscription has ended, and an error it
  /// throws fails the subscription; a failure or completion is forwarded as it is.
  ///
  /// Always inlined, with a non-escaping `onValue`, so it costs nothing over writing the
  /// `switch` out in each operator.
  @inlinable @inline(__always)
  package func relay<Input>(
    _ event: Event<Input, Failure>, _ lifetime: Lifetime,
    _ onValue: (Input) throws(Failure) -> Void
  ) {
    switch event {
    case .next(let value):
      guard !lifetime.hasEnded else { return }
      do throws(Failure) {
        try onValue(value)
      } catch {
        send(error: error)
      }
    case .failed(let error):
      send(error: error)
    case .completed:
      sendCompleted()
    }
  }
}
