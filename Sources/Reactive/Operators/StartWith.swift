/// `startWith`: values sent on subscription, before this signal's own.
extension Signal {
  /// Sends `values` on subscription, then subscribes to this signal and forwards it.
  ///
  /// If the subscription ends while `values` are being sent (`startWith(1, 2).take(1)`),
  /// the rest are dropped and this signal is not subscribed.
  public func startWith(_ values: Value...) -> Signal<Value, Failure> {
    Signal { observer, lifetime in
      for value in values {
        guard !lifetime.hasEnded else { return Disposables.empty }
        observer.send(value)
      }
      guard !lifetime.hasEnded else { return Disposables.empty }
      return self.start(observer, lifetime)
    }
  }
}
