/// `defaultIfEmpty`, `switchIfEmpty`: what to send when a signal completes without a
/// value.
extension Signal {
  /// Forwards this signal; if it completes without having sent a value, sends `value`
  /// first, then completes. Failures pass through.
  ///
  /// - Complexity: O(1) per event.
  public func defaultIfEmpty(_ value: Value) -> Signal<Value, Failure> {
    lift { observer, lifetime in
      var isEmpty = true
      return Observer { event in
        switch event {
        case .next:
          isEmpty = false
          observer.on(event)
        case .failed:
          observer.on(event)
        case .completed:
          if isEmpty, !lifetime.hasEnded { observer.send(value) }
          observer.sendCompleted()
        }
      }
    }
  }

  /// Forwards this signal; if it completes without having sent a value, subscribes to
  /// `other` and forwards it instead. Failures pass through.
  ///
  /// This signal's subscription ends before `other` is subscribed, as with `concat`.
  public func switchIfEmpty(_ other: Signal<Value, Failure>) -> Signal<Value, Failure> {
    Signal { observer in
      // Two slots: `self` may complete (and `other` start) before its `subscribe` returns.
      let first = SerialDisposable()
      let second = SerialDisposable()
      var isEmpty = true
      first.inner = self.subscribe(
        Observer { event in
          switch event {
          case .next:
            isEmpty = false
            observer.on(event)
          case .failed:
            observer.on(event)
          case .completed:
            if isEmpty {
              second.inner = other.subscribe(observer)
            } else {
              observer.sendCompleted()
            }
          }
        })
      return CompositeDisposable([first, second])
    }
  }
}
