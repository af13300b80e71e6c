import Synchronization

/// How long something lasts: a subscription (until its terminal event or disposal), or
/// an owner made with `Lifetime.make()` (until its token goes). Producers poll it
/// (`hasEnded`); anything else can be told when it ends (`observeEnded`) and bind work
/// to it (`take(during:)`), as ReactiveSwift's lifetimes allow.
///
/// A start closure that produces values in a loop checks `hasEnded` between values, so
/// `Signal.from(0...).take(2)` stops after two values. Reading it costs one atomic load.
public struct Lifetime: Sendable {
  @usableFromInline
  let token: _LifetimeToken

  @inlinable
  init(_ token: _LifetimeToken) {
    self.token = token
  }

  /// Whether the lifetime has ended; once true it stays true.
  @inlinable
  public var hasEnded: Bool { token.stopped.load(ordering: .relaxed) }

  /// Runs `action` once when the lifetime ends (at once if it has); disposing the
  /// returned disposable first cancels it. `action` runs on the thread that ends it.
  @discardableResult
  public func observeEnded(_ action: @escaping @Sendable () -> Void) -> Disposable {
    token.observeEnded(action)
  }

  /// A lifetime that has already ended.
  public static var ended: Lifetime {
    let token = _LifetimeToken()
    token.end()
    return Lifetime(token)
  }

  /// A new lifetime and the token that keeps it going: it ends when the token is
  /// deinitialized or `end()` is called, whichever comes first. An owner keeps the token
  /// in a stored property, so whatever is bound to its lifetime ends with it:
  ///
  /// ```swift
  /// final class Controller {
  ///   let lifetime: Lifetime
  ///   private let token: Lifetime.Token
  ///   init() { (lifetime, token) = Lifetime.make() }
  /// }
  /// ticks.take(during: controller.lifetime).subscribe(next: { … })
  /// ```
  public static func make() -> (lifetime: Lifetime, token: Token) {
    let token = _LifetimeToken()
    return (Lifetime(token), Token(token))
  }

  /// Keeps a lifetime made by `make()` going; it ends when this is deinitialized.
  public final class Token: Sendable {
    private let token: _LifetimeToken

    init(_ token: _LifetimeToken) {
      self.token = token
    }

    deinit { token.end() }

    /// Ends the lifetime now (deinitialization then does nothing more).
    public func end() { token.end() }
  }
}

extension Signal {
  /// The values of `self` until `lifetime` ends, then completion: work bound to an
  /// owner stops when the owner goes. An ended lifetime completes at once, before `self`
  /// is subscribed.
  ///
  /// ```swift
  /// viewModel.title.signal.take(during: window.rx.lifetime).subscribe(next: { … })
  /// ```
  public func take(during lifetime: Lifetime) -> Signal<Value, Failure> {
    take(
      until: Signal<Void, Failure> { observer in
        lifetime.observeEnded { observer.sendCompleted() }
      })
  }
}

/// The state a `Lifetime` reads: the stop flag of one subscription or owner, the subject
/// observer it detaches when it ends (its link), and the actions waiting for the end (a
/// list made on the first `observeEnded`).
///
/// The end path checks one atomic flag and nothing else unless somebody observes: a
/// generic atomic (`AtomicLazyReference`) here cost 583 instructions per dispose in
/// unspecialized code (`Benchmarks/` workload 7: its type metadata is looked up).
///
/// Not API: public and open only because `_SubscriptionGuard`, its subclass, is (Swift
/// requires an open class's superclass to be open). Its initializer is internal, so no
/// other module can make or subclass one.
open class _LifetimeToken: @unchecked Sendable {
  // @unchecked: `endObserverList` is written once, under `registration`, before
  // `Self.observersFlag` is set in `endWork`; readers read it only after seeing that
  // bit. `linked` is atomic.
  @usableFromInline
  let stopped = Atomic<Bool>(false)
  /// What the end must do besides setting `stopped`: `linkFlag` (detach `linked`),
  /// `observersFlag` (run the end observers), `upstreamFlag` (a guard's own: dispose
  /// the producer's disposable it keeps). One word beside `stopped`, so that an end
  /// reads nothing on another cache line unless it has work there.
  @usableFromInline
  let endWork: Atomic<UInt8>
  /// The subject observer this lifetime detaches when it ends, retained
  /// (`Unmanaged<AttachedObserver>` bits), or 0.
  @usableFromInline
  let linked = Atomic<UInt>(0)
  @exclusivity(unchecked)
  @usableFromInline
  var endObserverList: LifetimeEndObservers?

  /// Serializes the first `observeEnded` of every token (rare: owners' lifetimes).
  private static let registration = Locked(())

  @inlinable
  init() { endWork = Atomic(0) }

  /// A token whose end has `work` to do from the start (`producerFlag`).
  @inlinable
  init(endWork work: UInt8) { endWork = Atomic(work) }

  /// Marks the lifetime ended and runs the actions waiting for it (once).
  @usableFromInline
  final func end() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    notifyEnded()
  }

  @usableFromInline static var linkFlag: UInt8 { 1 }
  @usableFromInline static var observersFlag: UInt8 { 2 }
  /// Set by a guard (`SubscriptionSink`, `ConcatRelayBase`) that stored the producer's
  /// disposable; the guard disposes it at the end, the token only keeps the flag.
  @usableFromInline static var upstreamFlag: UInt8 { 4 }
  /// Set by whichever side of a `SubscriptionSink` takes its stored upstream disposable
  /// to dispose it (`attach` or the end), so that exactly one does.
  @usableFromInline static var upstreamTakenFlag: UInt8 { 8 }
  /// Set from the start on a guard that is its own subscription's producer (a subclass of
  /// `_SubscriptionGuard` from another module): the end calls its `_endProducer()`.
  @usableFromInline static var producerFlag: UInt8 { 16 }

  /// Detaches the linked observer and runs the actions waiting for the end, after
  /// `stopped` was set by its owner.
  @inlinable
  final func notifyEnded() {
    notifyEnded(endWork.load(ordering: .sequentiallyConsistent))
  }

  /// `notifyEnded()` with `endWork` as its owner loaded it after setting `stopped`.
  ///
  /// Sequentially consistent, as in `link(_:)`: each side stores, then loads what the
  /// other stores, so at least one of them sees the other (the same instructions as
  /// acquire on x86-64 and arm64). One load serves the whole end: whatever is flagged
  /// after it saw `stopped` set, and acts itself.
  @inlinable
  final func notifyEnded(_ work: UInt8) {
    if work & (Self.linkFlag | Self.observersFlag) != 0 { runEndWork(work) }
  }

  /// Flags a guard's stored upstream disposable (under the guard's lock, before it
  /// checks `stopped`; see `upstreamFlag`).
  @inlinable
  final func flagUpstream() {
    endWork.bitwiseOr(Self.upstreamFlag, ordering: .sequentiallyConsistent)
  }

  /// Whether a guard flagged an upstream disposable (see `upstreamFlag`).
  @inlinable
  final var hasUpstream: Bool {
    endWork.load(ordering: .sequentiallyConsistent) & Self.upstreamFlag != 0
  }

  @usableFromInline
  final func runEndWork(_ work: UInt8) {
    if work & Self.linkFlag != 0 { detachLinked() }
    if work & Self.observersFlag != 0 { endObserverList?.runAll() }
  }

  /// Takes `attached` as the subject observer to detach when this lifetime ends; false
  /// if another one is linked already (the caller then hands out a `SubjectHandle`).
  /// Detaches at once if the lifetime has ended meanwhile.
  @usableFromInline
  final func link(_ attached: AttachedObserver) -> Bool {
    let bits = UInt(bitPattern: Unmanaged.passRetained(attached).toOpaque())
    guard
      linked.compareExchange(expected: 0, desired: bits, ordering: .sequentiallyConsistent)
        .exchanged
    else {
      Unmanaged<AttachedObserver>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
      return false
    }
    endWork.bitwiseOr(Self.linkFlag, ordering: .sequentiallyConsistent)
    if stopped.load(ordering: .sequentiallyConsistent) { detachLinked() }
    return true
  }

  /// Drops the link to `attached` without detaching it (its subject is done with it).
  @usableFromInline
  final func unlink(_ attached: AttachedObserver) {
    let bits = UInt(bitPattern: Unmanaged.passUnretained(attached).toOpaque())
    if linked.compareExchange(expected: bits, desired: 0, ordering: .acquiringAndReleasing)
      .exchanged
    {
      Unmanaged<AttachedObserver>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
    }
  }

  /// Takes the linked observer (once) and detaches it from its subject.
  @usableFromInline
  final func detachLinked() {
    let bits = linked.exchange(0, ordering: .acquiringAndReleasing)
    guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return }
    Unmanaged<AttachedObserver>.fromOpaque(pointer).takeRetainedValue().detach()
  }

  final func observeEnded(_ action: @escaping @Sendable () -> Void) -> Disposable {
    let observers = Self.registration.withLock { _ in
      if let list = endObserverList { return list }
      let list = LifetimeEndObservers()
      endObserverList = list
      endWork.bitwiseOr(Self.observersFlag, ordering: .sequentiallyConsistent)
      return list
    }
    let disposable = observers.add(action)
    // Ended while adding: the end may have run before the action was in.
    if stopped.load(ordering: .acquiring) { observers.runAll() }
    return disposable
  }
}

/// The actions waiting for a lifetime's end.
@usableFromInline
final class LifetimeEndObservers: Sendable {
  private struct State {
    var nextID = 0
    var actions: [Int: @Sendable () -> Void] = [:]
  }

  private let state = Locked(State())

  @usableFromInline
  init() {}

  func add(_ action: @escaping @Sendable () -> Void) -> Disposable {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      state.actions[state.nextID] = action
      return state.nextID
    }
    return AnyDisposable { [weak self] in
      _ = self?.state.withLock { $0.actions.removeValue(forKey: id) }
    }
  }

  /// Takes every waiting action and runs it, outside the lock; each runs once.
  @usableFromInline
  func runAll() {
    let actions = state.withLock { state in
      defer { state.actions = [:] }
      return state.actions.sorted { $0.key < $1.key }.map(\.value)
    }
    for action in actions { action() }
  }
}
