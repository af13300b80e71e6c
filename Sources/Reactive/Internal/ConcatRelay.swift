import Synchronization

// The guard of one inner subscription of `flatMap(.concat)`, which can route the inner's
// events past its operator once that operator has nothing left to do but forward them.

/// What a relay does with an event (`ConcatRelayBase.mode`).
@usableFromInline
enum RelayMode {
  /// Hands it to its operator (`FlattenSink.receiveConcat`): the ordinary path.
  @usableFromInline static var forwarding: UInt8 { 0 }
  /// Its operator's outer signal completed with this relay's inner the last: at the next
  /// event, the relay tries to take the operator out of the path (`collapse()`).
  @usableFromInline static var collapseAsked: UInt8 { 1 }
  /// Sends it to `RelayLinks.target`, past its operator (and past relays above it).
  @usableFromInline static var routed: UInt8 { 2 }
  /// A relay below took its place: it receives nothing more.
  @usableFromInline static var abandoned: UInt8 { 3 }
}

/// What a relay holds under its lock for routing; nothing of it is read per event on the
/// ordinary path.
@usableFromInline
struct RelayLinks<Value, Failure: Error> {
  /// The observer the relay started its source with (its guard), until it ends: an
  /// operator whose downstream observer is this very observer, with this relay's
  /// lifetime, forwards into nothing but this relay (see `ConcatRelayBase.route(for:_:)`).
  @usableFromInline var guardObserver: Observer<Value, Failure>?
  /// Once routed: where the events go.
  @usableFromInline var target: Observer<Value, Failure>?
  /// Once routed: the operator that holds this relay as its subscription, where a relay
  /// that collapses onto this one takes its place.
  @usableFromInline var holder: TailHandover?
  /// The operator, kept alive for the ordinary path (which calls it unretained); let go
  /// when the relay is abandoned, so that a finished page's operator is released.
  @usableFromInline var keep: AnyObject?

  @inlinable
  init(keep: AnyObject?) {
    self.keep = keep
  }
}

/// The half of `ConcatRelay` that does not depend on the operator's outer type, so that a
/// relay can recognize another one above it by its lifetime alone.
///
/// A relay is the subscription guard of one inner signal (the same grammar and disposal
/// rules as `SubscriptionSink`), and normally hands every event to its operator. When the
/// operator becomes a pure pass-through — its outer completed, this inner is its last,
/// nothing is queued or being delivered — the relay routes the events to the operator's
/// downstream observer itself. And if that downstream observer is the guard of another,
/// routed, relay, owned through nothing but handed-over operators (a pager: page `k`'s
/// `flatMap` runs inside page `k - 1`'s inner), the relay routes to that relay's target
/// instead, takes its place in its holder and abandons it: path compression, so that
/// page `k`'s values pass through a constant number of operators, and finished pages are
/// released as the pager goes.
@usableFromInline
class ConcatRelayBase<Value, Failure: Error>: _LifetimeToken, Disposable, @unchecked Sendable {
  // @unchecked: `stopped` and `mode` are atomic; everything else is inside a lock.
  /// As in `SubscriptionSink`: flagged in `endWork` when `attach(_:)` stores one.
  @usableFromInline let upstream = Locked<Disposable?>(nil)
  /// A `RelayMode`.
  @usableFromInline let mode = Atomic<UInt8>(RelayMode.forwarding)
  @usableFromInline let links: Locked<RelayLinks<Value, Failure>>

  @usableFromInline let liveObject = LiveObjects.track()

  @inlinable
  init(keep: AnyObject) {
    links = Locked(RelayLinks(keep: keep))
    super.init()
  }

  @inlinable
  deinit { LiveObjects.untrack(liveObject) }

  /// Takes the producer's disposable; disposes it at once if the subscription already
  /// ended while the producer was starting (as `SubscriptionSink.attach(_:)`).
  @inlinable @inline(__always)
  func attach(_ disposable: Disposable) {
    if disposable === Disposables.empty { return }
    let endedAlready = upstream.withLock { slot in
      flagUpstream()
      if stopped.load(ordering: .sequentiallyConsistent) { return true }
      slot = disposable
      return false
    }
    if endedAlready { disposable.dispose() }
  }

  @inlinable
  func dispose() {
    guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
    releaseUpstream()
    endLinks()
    notifyEnded()
  }

  @inlinable
  func releaseUpstream() {
    guard hasUpstream else { return }
    let disposable = upstream.withLock { slot in
      defer { slot = nil }
      return slot
    }
    disposable?.dispose()
  }

  /// Drops what makes cycles once the subscription ended: the guard observer (which
  /// holds this relay) and the holder (which holds it too). `keep` stays until deinit:
  /// an ordinary delivery may still be running in the operator.
  @usableFromInline
  func endLinks() {
    let ended = links.withLock { links in
      defer {
        links.guardObserver = nil
        links.target = nil
        links.holder = nil
      }
      return (links.guardObserver, links.target, links.holder)
    }
    _ = ended  // released here, outside the lock
  }

  /// Asks for the operator to be taken out of the path at the next event.
  @usableFromInline
  func askToCollapse() {
    _ = mode.compareExchange(
      expected: RelayMode.forwarding, desired: RelayMode.collapseAsked,
      ordering: .relaxed)
  }

  /// The routed target, to deliver an event to once routed; `nil` once ended.
  @inlinable
  var routedTarget: Observer<Value, Failure>? {
    links.withLock { $0.target }
  }

  /// This relay's target and holder, if it is routed and `observer` is its own guard:
  /// an operator with that downstream observer (and this relay's lifetime) forwards
  /// into this relay only.
  ///
  /// The guard is recognized by its bits (`Observer.hasSameBits(as:)`): two closure
  /// values with the same function and the same context are the same closure. The guard is kept alive (`guardObserver`)
  /// while this is asked, so its context cannot have been reused; a copy that was
  /// re-wrapped on its way is not recognized, and is simply not compressed.
  @usableFromInline
  func route(for observer: Observer<Value, Failure>) -> (
    target: Observer<Value, Failure>, holder: TailHandover
  )? {
    guard mode.load(ordering: .acquiring) == RelayMode.routed else { return nil }
    return links.withLock { links in
      guard let guardObserver = links.guardObserver, let target = links.target,
        let holder = links.holder, guardObserver.hasSameBits(as: observer)
      else { return nil }
      return (target, holder)
    }
  }

  /// Whether this relay's subscription reaches `end` through nothing but operators that
  /// handed their tail over (`TailHandover.handedOverSubscription`): then dropping this
  /// relay's subscription without disposing it stops nothing that still runs and skips
  /// no disposal side effect, once `end` has a new holder.
  @usableFromInline
  func leadsOnly(to end: AnyObject) -> Bool {
    guard hasUpstream else { return false }
    var link: AnyObject? = upstream.withLock { $0 }
    // Chains of handed-over operators are compressed where they start (`TailRun`); a
    // long one here is not worth walking.
    for _ in 0..<16 {
      guard let current = link else { return false }
      if current === end { return true }
      guard let holder = current as? TailHandover else { return false }
      link = holder.handedOverSubscription()
    }
    return false
  }

  /// Ends this relay without disposing its subscription: a relay below took its place
  /// in the holder, and its events now go past this one. Nothing calls it any more (its
  /// only sender is the operator that collapsed onto it, which delivers nothing more).
  /// Its lifetime ends (the operators started with it are finished); its subscription and
  /// its operator are released, so a finished page goes.
  @usableFromInline
  func abandon() {
    guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
    mode.store(RelayMode.abandoned, ordering: .relaxed)
    var dropped: Disposable?
    if hasUpstream {
      dropped = upstream.withLock { slot in
        defer { slot = nil }
        return slot
      }
    }
    let links = self.links.withLock { links in
      defer { links = RelayLinks(keep: nil) }
      return links
    }
    notifyEnded()
    _ = (dropped, links)  // released here, outside the locks
  }
}

extension Observer {
  /// Whether `other` has the same bits: the same closure (function and context).
  ///
  /// Compared as observers, not as closures: a closure passed to a generic parameter is
  /// re-wrapped (reabstracted) on the way, an observer is not; its stored closure has
  /// one representation wherever it is copied.
  @usableFromInline
  func hasSameBits(as other: Observer) -> Bool {
    withUnsafeBytes(of: self) { first in
      withUnsafeBytes(of: other) { second in first.elementsEqual(second) }
    }
  }
}

/// The guard of one inner subscription of a `flatMap(.concat)` (and of `concat`'s
/// sequence of signals), in place of a `SubscriptionSink`: see `ConcatRelayBase`.
///
/// The ordinary path calls the operator directly and unretained (`keep` holds it): one
/// relaxed load more than a `SubscriptionSink` per event, and no closure call.
@usableFromInline
final class ConcatRelay<Outer, Value, Failure: Error>: ConcatRelayBase<Value, Failure>,
  @unchecked Sendable
{
  @usableFromInline unowned(unsafe) let sink: FlattenSink<Outer, Value, Failure>

  @inlinable
  init(_ sink: FlattenSink<Outer, Value, Failure>) {
    self.sink = sink
    super.init(keep: sink)
  }

  /// Runs `source`'s start closure with this relay as its guard.
  @inlinable
  func start(_ source: Signal<Value, Failure>) {
    let guardObserver = Observer { self.on($0) }
    let started = links.withLock { links in
      if stopped.load(ordering: .relaxed) { return false }
      links.guardObserver = guardObserver
      return true
    }
    guard started else { return }
    attach(source.startHandler(guardObserver, Lifetime(self)))
  }

  @inlinable
  func on(_ event: Event<Value, Failure>) {
    if case .next = event {
      if !stopped.load(ordering: .relaxed) { deliver(event) }
    } else {
      terminate(event)
    }
  }

  @inlinable @inline(never)
  func terminate(_ event: Event<Value, Failure>) {
    guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
    releaseUpstream()
    deliver(event)
    // Routed past the operator, which never saw the end: it lets go of this relay (we
    // keep it, so both would stay until it is disposed).
    if mode.load(ordering: .relaxed) == RelayMode.routed { sink.releaseCurrent(self) }
    endLinks()
    notifyEnded()
  }

  @inlinable @inline(__always)
  func deliver(_ event: Event<Value, Failure>) {
    if mode.load(ordering: .relaxed) == RelayMode.forwarding {
      sink.receiveConcat(event)
    } else {
      deliverAside(event)
    }
  }

  /// Delivery once the operator was asked to leave the path, or has left it. Inlinable
  /// (specialized where used): once routed, every event of the inner comes here.
  @inlinable @inline(never)
  func deliverAside(_ event: Event<Value, Failure>) {
    switch mode.load(ordering: .acquiring) {
    case RelayMode.collapseAsked:
      if let target = collapse() {
        target.on(event)
      } else {
        sink.receiveConcat(event)
      }
    case RelayMode.routed:
      routedTarget?.on(event)
    case RelayMode.forwarding:
      sink.receiveConcat(event)
    default:
      break  // abandoned: nothing is sent here any more
    }
  }

  /// Takes the operator out of the path if it only forwards this relay's events now,
  /// and returns where they go from here; `nil`: through the operator still.
  ///
  /// Runs on the inner's delivery, so no other event of this relay runs meanwhile.
  @usableFromInline
  func collapse() -> Observer<Value, Failure>? {
    switch sink.beginPassThrough(self) {
    case .notYet: return nil
    case .never:
      mode.store(RelayMode.forwarding, ordering: .relaxed)
      return nil
    case .ready: break
    }
    let downstream = sink.observer
    if let above = sink.lifetime.token as? ConcatRelayBase<Value, Failure>,
      let route = above.route(for: downstream), above.leadsOnly(to: sink)
    {
      switch route.holder.replaceHandedOver(above, with: self) {
      case .replaced:
        sink.releaseCurrent(self)
        setRoute(route.target, route.holder)
        above.abandon()
        return route.target
      case .disposed:
        dispose()
        return nil
      case .notHeld: break
      }
    }
    // Not below a routed relay: past the operator only, which keeps holding this relay.
    setRoute(downstream, sink)
    return downstream
  }

  /// Routes the events to `target`, held by `holder`, unless the relay has ended.
  @usableFromInline
  func setRoute(_ target: Observer<Value, Failure>, _ holder: TailHandover) {
    let routed = links.withLock { links in
      if stopped.load(ordering: .relaxed) { return false }
      links.target = target
      links.holder = holder
      return true
    }
    if routed { mode.store(RelayMode.routed, ordering: .releasing) }
  }
}
