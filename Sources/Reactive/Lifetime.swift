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
  let token: LifetimeToken

  @inlinable
  init(_ token: LifetimeToken) {
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
    let token = LifetimeToken()
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
    let token = LifetimeToken()
    return (Lifetime(token), Token(token))
  }

  /// Keeps a lifetime made by `make()` going; it ends when this is deinitialized.
  public final class Token: Sendable {
    private let token: LifetimeToken

    init(_ token: LifetimeToken) {
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

/// The state a `Lifetime` reads: the stop flag of one subscription or owner, and the
/// actions waiting for the end (a list made on the first `observeEnded`).
///
/// The end path checks one atomic flag and nothing else unless somebody observes: a
/// generic atomic (`AtomicLazyReference`) here cost 583 instructions per dispose in
/// unspecialized code (`Benchmarks/` workload 7: its type metadata is looked up).
@usableFromInline
class LifetimeToken: @unchecked Sendable {
  // @unchecked: `endObserverList` is written once, under `registration`, before
  // `hasEndObservers` is released; readers read it only after acquiring that flag.
  @usableFromInline
  let stopped = Atomic<Bool>(false)
  @usableFromInline
  let hasEndObservers = Atomic<Bool>(false)
  @exclusivity(unchecked)
  @usableFromInline
  var endObserverList: LifetimeEndObservers?

  /// Serializes the first `observeEnded` of every token (rare: owners' lifetimes).
  private static let registration = Locked(())

  @inlinable
  init() {}

  /// Marks the lifetime ended and runs the actions waiting for it (once).
  @usableFromInline
  final func end() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    notifyEnded()
  }

  /// Runs the actions waiting for the end, after `stopped` was set by its owner.
  @inlinable
  final func notifyEnded() {
    if hasEndObservers.load(ordering: .acquiring) { runEndObservers() }
  }

  @usableFromInline
  final func runEndObservers() {
    endObserverList?.runAll()
  }

  final func observeEnded(_ action: @escaping @Sendable () -> Void) -> Disposable {
    let observers = Self.registration.withLock { _ in
      if let list = endObserverList { return list }
      let list = LifetimeEndObservers()
      endObserverList = list
      hasEndObservers.store(true, ordering: .releasing)
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
