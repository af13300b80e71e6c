import Synchronization

/// The half of a subscription's guard that does not depend on its values: the end,
/// claimed exactly once by a terminal event or `dispose()`, and the producer's
/// disposable, disposed at that end.
///
/// Not API: apps never see it. `subscribe(next:error:completed:)` returns one, typed, so
/// that a caller's `dispose()` is a direct call whichever guard it got. It is open so that
/// a producer in another module of this package can be its own subscription's guard:
/// GtkReactive's signal connections, one object per subscription where a guard of the
/// core and a connection would be two (an allocation, a free and a deinit more). Such a
/// subclass initializes with `init(endingItself:)`, is told of the end by
/// `_endProducer()`, ends itself with `_end(_:)` and reads `_hasEnded`; it keeps its own
/// handlers. Every member the core uses is `final`, so every call stays direct.
open class _SubscriptionGuard: _LifetimeToken, Disposable, @unchecked Sendable {
  // @unchecked: `stopped` and `endWork` are atomic; `upstream` is written once before
  // its flag is set and read once by whoever claims it (see `attach(_:)`).

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
  @exclusivity(unchecked) @usableFromInline final var upstream: Disposable?

  /// A guard of the core, which a producer's start closure feeds.
  @inlinable
  override init() { super.init() }

  /// A guard that is also its subscription's producer: its end calls `_endProducer()`.
  public init(endingItself: Bool) {
    super.init(endWork: endingItself ? Self.producerFlag : 0)
  }

  /// Whether the subscription has ended (by a terminal event or `dispose()`).
  @inlinable
  public final var _hasEnded: Bool { stopped.load(ordering: .relaxed) }

  /// Ends the subscription unless it has ended: stops the producer (the stored disposable,
  /// `_endProducer()`), then runs `deliver` (which forwards the terminal event), then the
  /// lifetime's end work. Once only, whoever calls first; later calls do nothing.
  ///
  /// The producer stops before the event is forwarded, as `RACSubscriber` does: an
  /// operator that moves on to another signal when one ends (`concat`, `retry`, `catch`)
  /// starts it after the previous one has released its resources.
  @inlinable @inline(__always)
  public final func _end(_ deliver: () -> Void) {
    guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
    let work = endWork.load(ordering: .sequentiallyConsistent)
    if work & (Self.upstreamFlag | Self.producerFlag) != 0 { stopProducer(work) }
    deliver()
    notifyEnded(work)
  }

  /// Ends the subscription without an event; harmless when it has ended.
  @inlinable
  public final func dispose() {
    // Most subscriptions are disposed after they ended (a finished one is still
    // disposed by its owner): a plain load spares them an atomic exchange.
    guard !stopped.load(ordering: .relaxed),
      !stopped.exchange(true, ordering: .sequentiallyConsistent)
    else { return }
    let work = endWork.load(ordering: .sequentiallyConsistent)
    if work & (Self.upstreamFlag | Self.producerFlag) != 0 { stopProducer(work) }
    notifyEnded(work)
  }

  /// The end of a guard that is its own producer (`init(endingItself:)`): stop producing.
  /// Called once, on the thread that ends the subscription, before the terminal event is
  /// forwarded. Does nothing here.
  open func _endProducer() {}

  /// The end's part for the producer, after `stopped` was set: the stored disposable, or
  /// the guard's own producer.
  @inlinable
  final func stopProducer(_ work: UInt8) {
    if work & Self.upstreamFlag != 0 { takeUpstream()?.dispose() }
    if work & Self.producerFlag != 0 { _endProducer() }
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
