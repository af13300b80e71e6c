import Synchronization

/// Guards one subscription: enforces `next* (failed | completed)?` and disposes the
/// producer's disposable exactly once, on the terminal event or on `dispose()`.
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
class SubscriptionSink<Value, Failure: Error>: LifetimeToken, Disposable,
  @unchecked Sendable
{
  // @unchecked: `stopped` and `endWork` are atomic; `upstream` is written once before
  // its flag is set and read once by whoever claims it (see `attach(_:)`); the handlers
  // are immutable.
  // Who gets the events: an observer's closure, or the closures of
  // `subscribe(next:error:completed:)` kept inline (saving that call an allocation per
  // subscription). Separate `let`s rather than an enum: a `let` of a guaranteed object is
  // called without a copy, an enum payload is copied (retained) on every event.
  @usableFromInline let action: ((Event<Value, Failure>) -> Void)?
  @usableFromInline let next: ((Value) -> Void)?
  @usableFromInline let error: ((Failure) -> Void)?
  @usableFromInline let completed: (() -> Void)?
  /// The producer's disposable, kept only when the subscription outlives its start and
  /// the producer returned something to dispose (not the shared no-op): written once by
  /// `attach(_:)` before it sets `upstreamFlag` in `endWork` (on the cache line of
  /// `stopped`), and taken once, by whichever of `attach` and the end sets
  /// `upstreamTakenFlag` first (`takeUpstream()`).
  ///
  /// No lock: `attach` flags, then reads `stopped`; the end sets `stopped`, then reads
  /// the flag; both sequentially consistent, so at least one side sees the other, and
  /// the taken flag leaves the disposable to exactly one of them. A `Locked` slot here
  /// cost two lock operations per asynchronous subscription, and its destruction went
  /// through type metadata in the (always unspecialized) generic `deinit`: about 45
  /// instructions per subscription in workload 2 of `Benchmarks/`, which never used it.
  ///
  /// `final`: a stored `var` of a class open to a subclass is reached through the class's
  /// accessors, one indirect call each time the end takes it.
  @exclusivity(unchecked) @usableFromInline final var upstream: Disposable?

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

  /// Takes the producer's disposable; disposes it at once if the subscription already
  /// ended while the producer was starting.
  ///
  /// Always inlined: it runs once per subscription. Consuming: the producer's disposable
  /// moves into `upstream`, where a copy cost a retain and a release per asynchronous
  /// subscription.
  @inlinable @inline(__always)
  final func attach(_ disposable: consuming Disposable) {
    // Ended while the producer was starting (every synchronous producer): nothing will
    // ask for the disposable any more. Checked first, so that this common case skips
    // the flag and the identity check of the shared no-op.
    if stopped.load(ordering: .sequentiallyConsistent) {
      disposable.dispose()
      return
    }
    // Producers that clean up nothing return the shared no-op: nothing to keep. Told by
    // its class, which is one load and a compare, where `=== Disposables.empty` ran the
    // shared instance's lazy-global accessor (`swift_once`, 16 instructions).
    if ObjectIdentifier(type(of: disposable)) == ObjectIdentifier(NopDisposable.self) { return }
    upstream = consume disposable
    flagUpstream()
    if stopped.load(ordering: .sequentiallyConsistent) { takeUpstream()?.dispose() }
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
    guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
    let work = endWork.load(ordering: .sequentiallyConsistent)
    if work & Self.upstreamFlag != 0 { releaseUpstream() }
    deliver(event)
    notifyEnded(work)
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

  @inlinable
  final func dispose() {
    // Most subscriptions are disposed after they ended (a finished one is still
    // disposed by its owner): a plain load spares them an atomic exchange.
    guard !stopped.load(ordering: .relaxed),
      !stopped.exchange(true, ordering: .sequentiallyConsistent)
    else { return }
    let work = endWork.load(ordering: .sequentiallyConsistent)
    if work & Self.upstreamFlag != 0 { releaseUpstream() }
    notifyEnded(work)
  }

  /// Takes the flagged upstream disposable and disposes it, after `stopped` was set.
  @inlinable
  final func releaseUpstream() {
    takeUpstream()?.dispose()
  }

  /// The upstream disposable, to the first caller only (see `upstream`).
  ///
  /// Moved out of the slot (`take()`): a copy and a clear cost a retain, a release and
  /// two outlined accessor calls per asynchronous subscription.
  @inlinable
  final func takeUpstream() -> Disposable? {
    let work = endWork.bitwiseOr(Self.upstreamTakenFlag, ordering: .acquiringAndReleasing)
    guard work.oldValue & Self.upstreamTakenFlag == 0 else { return nil }
    return upstream.take()
  }
}
