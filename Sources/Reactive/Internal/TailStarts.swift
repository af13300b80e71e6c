import Synchronization

// Tail starts: a signal started in place of the operator that had nothing left to do.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An operator that hands its own downstream observer and lifetime to the last signal
/// it runs, instead of subscribing to it: `concat` when its last signal starts, and
/// `flatMap(.concat)` when an inner starts after the outer completed with nothing
/// queued. From then on the operator only holds that signal's disposable.
@usableFromInline
protocol TailHandover: AnyObject {
  /// Starts the signal handed over, with the operator's downstream observer and
  /// lifetime; `nil` if the operator was disposed first (nothing is started).
  func startHandedOver() -> Disposable?
  /// Keeps `subscription` as the handed-over one (disposes it if this was disposed).
  func keepHandedOver(_ subscription: Disposable)
  /// Puts `new` where this operator holds `old` as its handed-over subscription: the
  /// operator `old` then needs nothing more (its own tail went to `new`).
  func replaceHandedOver(_ old: AnyObject, with new: Disposable) -> TailReplacement
  /// The subscription of the signal this operator handed over, if it did and is not
  /// disposed: this operator then only holds it (see `ConcatRelayBase.leadsOnly(to:)`).
  func handedOverSubscription() -> AnyObject?
}

/// What `TailHandover.replaceHandedOver(_:with:)` did.
@usableFromInline
enum TailReplacement {
  /// `new` took the place of `old`.
  case replaced
  /// The holder was disposed: the caller disposes `new`.
  case disposed
  /// The holder does not hold `old`: the caller keeps `new` elsewhere.
  case notHeld
}

/// The loop that runs tail starts on one thread, so that a chain of them (a pager whose
/// last signal builds the next page, 100,000 pages deep) runs in constant stack: the
/// per-thread trampoline.
///
/// A tail start asked for while a run for the same lifetime is the innermost one on this
/// thread, by an operator still inside its own start (so that nothing but returns lies
/// between it and the loop), is queued; the loop runs it when the current one has
/// returned. Requests made while one start runs are run next, in order, before the ones
/// queued earlier (depth first), which is the order they would have run in nested.
/// Anything else runs at once, as a new run.
///
/// When a queued start belongs to the operator that the previous start returned, it is
/// put where that operator is held, replacing it (`replaceHandedOver`): one holder keeps
/// the current page's subscription, so memory stays constant too.
@usableFromInline
final class TailRun {
  /// The lifetime of the downstream the run's starts are handed.
  let token: _LifetimeToken
  /// The tail starts asked for while the current one ran.
  var requests: [TailHandover] = []

  private init(_ token: _LifetimeToken) {
    self.token = token
  }

  /// How many runs are open on all threads: while none is, `matching(_:)` costs one
  /// atomic load and reads no thread-local storage.
  private static let openRuns = Atomic<Int>(0)

  /// The thread-local slot of the innermost run.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "TailRun: no thread-local key")
    return key
  }()

  /// The innermost run on this thread.
  private static var current: TailRun? {
    pthread_getspecific(key).map { Unmanaged<TailRun>.fromOpaque($0).takeUnretainedValue() }
  }

  /// The innermost run on this thread if it runs starts handed `lifetime`: an operator
  /// started by one of them (through operators that pass their lifetime on, all of
  /// which start in tail position) may queue its own tail start there.
  @usableFromInline
  static func matching(_ lifetime: Lifetime) -> TailRun? {
    guard openRuns.load(ordering: .relaxed) > 0, let run = current,
      run.token === lifetime.token
    else { return nil }
    return run
  }

  /// Runs `requester`'s tail start: queued in `run` if that is still the innermost run on
  /// this thread, at once in a new run otherwise.
  @usableFromInline
  static func start(_ requester: TailHandover, queuedIn run: TailRun?, _ lifetime: Lifetime) {
    if let run, current === run {
      run.requests.append(requester)
    } else {
      TailRun(lifetime.token).loop(requester)
    }
  }

  /// Runs `first` and every tail start queued meanwhile, depth first.
  private func loop(_ first: TailHandover) {
    let previous = pthread_getspecific(Self.key)
    pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
    Self.openRuns.add(1, ordering: .relaxed)
    defer {
      Self.openRuns.subtract(1, ordering: .relaxed)
      pthread_setspecific(Self.key, previous)
    }
    // Each entry: who starts, and who holds it (nil: nobody asked to replace it).
    var stack: [(requester: TailHandover, holder: TailHandover?)] = [(first, nil)]
    while let (requester, holder) = stack.popLast() {
      requests = []
      guard let subscription = requester.startHandedOver() else { continue }
      var home = requester
      if let holder {
        switch holder.replaceHandedOver(requester, with: subscription) {
        case .replaced: home = holder
        case .disposed:
          subscription.dispose()
          home = holder
        case .notHeld: requester.keepHandedOver(subscription)
        }
      } else {
        requester.keepHandedOver(subscription)
      }
      let asked = requests
      requests = []
      for next in asked.reversed() {
        // The operator just started asks to hand over too: once it has, it holds
        // nothing but its tail, which `home` can hold instead.
        stack.append((next, next === subscription ? home : nil))
      }
    }
  }
}
