import Synchronization

/// Guards one subscription: enforces `next* (failed | completed)?` and disposes the
/// producer's disposable exactly once, on the terminal event or on `dispose()` (the end
/// and the disposable are `_SubscriptionGuard`'s, which this adds the handlers to).
///
/// On a terminal event the producer's disposable is disposed *before* the event is
/// forwarded, as `RACSubscriber` does: an operator that moves on to another signal
/// when one ends (`concat`, `retry`, `catch`) starts it after the previous one has
/// released its resources.
///
/// `@usableFromInline` and `@inlinable` throughout: every event of every subscription
/// passes through here, and generic code is only specialized for a client module when
/// its body is visible (measured: ~500 ns per event unspecialized, ~40 ns specialized).
///
/// Not final: `MappingSubscriptionSink` is the guard of a subscription made on a `map`
/// that applies the transform itself. Every member is `final`, so every call stays
/// direct and the class is open to that one subclass only.
@usableFromInline
class SubscriptionSink<Value, Failure: Error>: _SubscriptionGuard, @unchecked Sendable {
  // @unchecked: as `_SubscriptionGuard`; the handlers are immutable.
  // Who gets the events: an observer's closure, or the closures of
  // `subscribe(next:error:completed:)` kept inline (saving that call an allocation per
  // subscription). Separate `let`s rather than an enum: a `let` of a guaranteed object is
  // called without a copy, an enum payload is copied (retained) on every event.
  @usableFromInline let action: ((Event<Value, Failure>) -> Void)?
  @usableFromInline let next: ((Value) -> Void)?
  @usableFromInline let error: ((Failure) -> Void)?
  @usableFromInline let completed: (() -> Void)?

  @usableFromInline let liveObject = LiveObjects.track()

  @inlinable
  init(_ observer: Observer<Value, Failure>) {
    action = observer.action
    next = nil
    error = nil
    completed = nil
    super.init()
  }

  @inlinable
  init(
    next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?
  ) {
    action = nil
    self.next = next
    self.error = error
    self.completed = completed
    super.init()
  }

  @inlinable
  deinit { LiveObjects.untrack(liveObject) }

  /// Runs `source`'s start closure with this sink as its guard. Operators that must
  /// hold the sink before the source starts (to dispose it from a synchronous event)
  /// create it first and call this.
  ///
  /// The observer is made before the call rather than in its argument list: made there,
  /// beside the consuming `attach`, its closure was compiled behind a forwarding thunk,
  /// 4 instructions more per event in workloads 3 and 11 of `Benchmarks/`.
  @inlinable
  final func start(_ source: Signal<Value, Failure>) {
    let observer = Observer<Value, Failure> { self.on($0) }
    attach(source.startHandler(observer, Lifetime(self)))
  }

  @inlinable
  final func on(_ event: Event<Value, Failure>) {
    if case .next = event {
      if !stopped.load(ordering: .relaxed) { deliver(event) }
    } else {
      terminate(event)
    }
  }

  /// The terminal half of `on(_:)`, out of line: inlined, it made the observer closure
  /// that calls `on(_:)` on every value larger (3 more instructions per value in
  /// workload 3 of `Benchmarks/`).
  @inlinable @inline(never)
  final func terminate(_ event: Event<Value, Failure>) {
    _end { deliver(event) }
  }

  @inlinable
  final func deliver(_ event: Event<Value, Failure>) {
    if let action {
      action(event)
      return
    }
    switch event {
    case .next(let value): next?(value)
    case .failed(let failure): error?(failure)
    case .completed: completed?()
    }
  }
}
