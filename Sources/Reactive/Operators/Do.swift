/// `on(next:error:completed:subscribed:disposed:)`: side effects at points of a
/// subscription's life, RAC's `doNext` / `doError` / `doCompleted` family.
extension Signal {
  /// Runs side effects as events pass, without changing them.
  ///
  /// - `next`, `error`, `completed` run before the event is forwarded downstream, so an
  ///   `error` or `completed` effect sees the state before observers react.
  /// - `subscribed` runs on each subscription, before this signal is subscribed.
  /// - `disposed` runs once per subscription, after the upstream subscription has been
  ///   disposed, whether it ended by a terminal event or by disposal.
  ///
  /// No effect runs after the subscription has ended (except `disposed`, which marks it).
  /// An effect may dispose its own subscription; the event that triggered it is then
  /// not delivered.
  ///
  /// - Complexity: O(1) per event; one allocation per subscription when `disposed` is set.
  public func on(
    next: ((Value) -> Void)? = nil,
    error: ((Failure) -> Void)? = nil,
    completed: (() -> Void)? = nil,
    subscribed: (() -> Void)? = nil,
    disposed: (() -> Void)? = nil
  ) -> Signal<Value, Failure> {
    let effects = lift { observer, lifetime in
      Observer { event in
        guard !lifetime.hasEnded else { return }
        switch event {
        case .next(let value): next?(value)
        case .failed(let failure): error?(failure)
        case .completed: completed?()
        }
        observer.on(event)
      }
    }
    guard subscribed != nil || disposed != nil else { return effects }
    return Signal { observer, lifetime in
      subscribed?()
      let upstream = effects.start(observer, lifetime)
      guard let disposed else { return upstream }
      // The downstream guard disposes what this returns exactly once.
      return AnyDisposable {
        upstream.dispose()
        disposed()
      }
    }
  }
}
