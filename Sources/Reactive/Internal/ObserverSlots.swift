// The non-generic half of the subject engine: delivery ownership, the observer slots and
// the disposable that detaches one observer.
import Synchronization

/// What `SubjectCore` shares with the code that detaches an observer.
///
/// Disposing reaches a subject through the `Disposable` existential, where generic code
/// is never specialized: a detach written against `SubjectCore<Value, Failure>` costs
/// thousands of instructions of metadata look-ups. Everything a detach touches lives
/// here, free of generic types, so an uncontended detach costs a compare-and-swap, an
/// array slot and a release. The ownership protocol is `SubjectCore`'s (see there).
@usableFromInline
class SubjectCoreBase: @unchecked Sendable {
  // @unchecked: `work` and `ownerThread` are atomic; `slots` is owner-only.

  /// Items submitted and not yet processed; whoever raises it from zero owns delivery.
  @usableFromInline let work = Atomic<Int>(0)
  /// The thread that owns delivery now, or 0.
  @usableFromInline let ownerThread = Atomic<UInt>(0)
  /// The attached observers; only the delivery owner touches them. Behind a pointer
  /// because class `var`s would pay a dynamic exclusivity check on every event.
  @usableFromInline let slots: UnsafeMutablePointer<ObserverSlots>

  @inlinable
  init() {
    slots = .allocate(capacity: 1)
    slots.initialize(to: ObserverSlots())
  }

  @inlinable
  deinit {
    // Every attached observer holds its core: none is left by now (see `close()`).
    assert(slots.pointee.observers.isEmpty)
    slots.deinitialize(count: 1)
    slots.deallocate()
  }

  /// Removes `attached`, in order with everything submitted before.
  @usableFromInline
  final func detach(_ attached: AttachedObserver) {
    if work.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged {
      ownerThread.store(currentThreadID(), ordering: .relaxed)
      slots.pointee.remove(attached)
      finishOwnedItem()
    } else {
      enqueueDetach(attached)
    }
  }

  /// Releases every attached observer (without an event), in order with everything
  /// submitted before: what owns the core (a `Subject`) calls it when it goes, since
  /// the observers hold the core (see `AttachedObserver.core`).
  @usableFromInline
  final func close() {
    if work.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged {
      ownerThread.store(currentThreadID(), ordering: .relaxed)
      slots.pointee.releaseAll()
      finishOwnedItem()
    } else {
      enqueueClose()
    }
  }

  /// Queues a detach behind the items already queued; `SubjectCore` implements it.
  @usableFromInline
  func enqueueDetach(_ attached: AttachedObserver) {
    preconditionFailure("SubjectCore overrides enqueueDetach")
  }

  /// Queues a `close()` behind the items already queued; `SubjectCore` implements it.
  @usableFromInline
  func enqueueClose() {
    preconditionFailure("SubjectCore overrides enqueueClose")
  }

  /// Processes queued items until `work` falls to zero; `SubjectCore` implements it.
  @usableFromInline
  func drain() {
    preconditionFailure("SubjectCore overrides drain")
  }

  /// Called by the owner after processing the item it counted; drains what others
  /// queued meanwhile.
  @inlinable
  final func finishOwnedItem() {
    ownerThread.store(0, ordering: .relaxed)
    if work.compareExchange(expected: 1, desired: 0, ordering: .acquiringAndReleasing).exchanged {
      return
    }
    if work.subtract(1, ordering: .acquiringAndReleasing).newValue > 0 {
      drain()
    }
  }
}

/// An attached observer, as the slots see it: `SubjectCore.Attached` adds the observer.
///
/// It is also what detaches the observer. Usually nothing else is needed: the subscription
/// the observer belongs to (its `Lifetime`'s token) links it and detaches it when it ends
/// (`_LifetimeToken.link(_:)`), so a subscription to a subject costs its guard and this
/// object. When the token already has a link (several sources started with one
/// lifetime), the subject returns a `SubjectHandle` instead.
///
/// The token's link and the observer (which leads back to the token) make a cycle; it is
/// broken when the subscription ends, or by the subject when it goes first
/// (`SubjectCoreBase.close()`).
@usableFromInline
class AttachedObserver: @unchecked Sendable {
  // @unchecked: `index` is owner-only (see SubjectCoreBase); the rest is immutable.
  /// The engine, not the subject: a subscription does not keep its subject alive. The
  /// slots and this make a cycle, which the subject breaks when it goes (`close()`).
  /// Strong rather than weak: a detach then reaches the core with no atomic retain and
  /// release of it, and releasing this object releases the core without a side table
  /// (measured in workload 7 of `Benchmarks/`).
  @usableFromInline let core: SubjectCoreBase
  /// The subscription this observer belongs to.
  @usableFromInline let lifetime: Lifetime
  /// The observer's slot in `ObserverSlots.observers`, or -1 when it has none.
  /// Owner-only, like the slots; exclusivity is unchecked for the same reason.
  @exclusivity(unchecked) @usableFromInline var index = -1

  @usableFromInline let liveObject = LiveObjects.track()

  @inlinable
  init(_ core: SubjectCoreBase, _ lifetime: Lifetime) {
    self.core = core
    self.lifetime = lifetime
  }

  @inlinable
  deinit { LiveObjects.untrack(liveObject) }

  /// Removes this observer from its subject, if it is still there.
  @usableFromInline
  final func detach() {
    core.detach(self)
  }
}

/// The disposable of an attached observer whose subscription could not link it (see
/// `AttachedObserver`). Weak, so that it makes no cycle with the observer, which leads
/// to the subscription that holds this.
@usableFromInline
final class SubjectHandle: Disposable, @unchecked Sendable {
  // @unchecked: atomic or a weak reference.
  @usableFromInline weak let attached: AttachedObserver?
  @usableFromInline let disposed = Atomic<Bool>(false)

  @usableFromInline let liveObject = LiveObjects.track()

  @inlinable
  init(_ attached: AttachedObserver) {
    self.attached = attached
  }

  @inlinable
  deinit { LiveObjects.untrack(liveObject) }

  @usableFromInline
  func dispose() {
    guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    attached?.detach()
  }
}

/// The attached observers in subscription order, which is delivery order. A detached
/// observer leaves a `nil` slot, so no other observer moves; the slots are compacted
/// once more than half are empty, so a detach costs O(1) amortized.
@usableFromInline
struct ObserverSlots {
  /// Retained by hand, so delivery calls each through a guaranteed reference with no
  /// retain/release per observer per event.
  @usableFromInline var observers = ContiguousArray<Unmanaged<AttachedObserver>?>()
  /// How many slots are `nil`.
  @usableFromInline var vacant = 0

  @inlinable
  init() {}

  @inlinable
  mutating func append(_ attached: AttachedObserver) {
    attached.index = observers.count
    observers.append(Unmanaged.passRetained(attached))
  }

  /// Removes and releases `attached`, if it still has a slot.
  @usableFromInline
  mutating func remove(_ attached: AttachedObserver) {
    let index = attached.index
    guard index >= 0 else { return }  // never attached (terminal), or already gone
    attached.index = -1
    let slot = observers[index]!
    observers[index] = nil
    if index == observers.count - 1 {
      observers.removeLast()
      while let last = observers.last, last == nil {
        observers.removeLast()
        vacant -= 1
      }
    } else {
      vacant += 1
      if vacant > 16, vacant * 2 > observers.count { compact() }
    }
    slot.release()  // last: its deinit may run user code (captured objects)
  }

  /// Closes the `nil` slots, keeping the order, and records each observer's new slot.
  @usableFromInline
  mutating func compact() {
    var kept = 0
    for index in observers.indices {
      guard let attached = observers[index] else { continue }
      attached._withUnsafeGuaranteedRef { $0.index = kept }
      observers[kept] = attached
      kept += 1
    }
    observers.removeLast(observers.count - kept)
    vacant = 0
  }

  /// Empties the slots and returns what they held, still retained, in order.
  @inlinable
  mutating func takeAll() -> ContiguousArray<Unmanaged<AttachedObserver>?> {
    defer {
      observers = []
      vacant = 0
    }
    return observers
  }

  /// Releases every observer when the subject goes, breaking each one's cycle with its
  /// subscription's link first; a detach still under way then finds no slot.
  @usableFromInline
  mutating func releaseAll() {
    for case let attached? in takeAll() {
      attached._withUnsafeGuaranteedRef {
        $0.index = -1
        $0.lifetime.token.unlink($0)
      }
      attached.release()
    }
  }
}
