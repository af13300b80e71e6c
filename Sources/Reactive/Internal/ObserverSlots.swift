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
    slots.pointee.releaseAll()
    slots.deinitialize(count: 1)
    slots.deallocate()
  }

  /// Removes the observer of `handle`, in order with everything submitted before.
  @usableFromInline
  final func detach(_ handle: SubjectHandle) {
    if work.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged {
      ownerThread.store(currentThreadID(), ordering: .relaxed)
      slots.pointee.remove(handle)
      finishOwnedItem()
    } else {
      enqueueDetach(handle)
    }
  }

  /// Queues a detach behind the items already queued; `SubjectCore` implements it.
  @usableFromInline
  func enqueueDetach(_ handle: SubjectHandle) {
    preconditionFailure("SubjectCore overrides enqueueDetach")
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
@usableFromInline
class AttachedObserver {
  @usableFromInline let handle: SubjectHandle

  @inlinable
  init(_ handle: SubjectHandle) {
    self.handle = handle
    LiveObjects.track()
  }

  @inlinable
  deinit { LiveObjects.untrack() }
}

/// The disposable of one attached observer. It finds its slot in O(1) through `index`,
/// and references neither its observer nor (through it) the subscription that holds
/// this disposable, so a subject that dies with subscriptions open leaves no cycle.
@usableFromInline
final class SubjectHandle: Disposable, @unchecked Sendable {
  // @unchecked: `index` is owner-only (see SubjectCoreBase); the rest is atomic or a
  // weak reference.
  /// Weak: a subscription does not keep its subject alive.
  @usableFromInline weak let core: SubjectCoreBase?
  @usableFromInline let disposed = Atomic<Bool>(false)
  /// The observer's slot in `ObserverSlots.observers`, or -1 when it has none.
  /// Owner-only, like the slots; exclusivity is unchecked for the same reason.
  @exclusivity(unchecked) @usableFromInline var index = -1

  @inlinable
  init(_ core: SubjectCoreBase) {
    self.core = core
    LiveObjects.track()
  }

  @inlinable
  deinit { LiveObjects.untrack() }

  @usableFromInline
  func dispose() {
    guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    core?.detach(self)
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
    attached.handle.index = observers.count
    observers.append(Unmanaged.passRetained(attached))
  }

  /// Removes and releases the observer of `handle`, if it still has a slot.
  @usableFromInline
  mutating func remove(_ handle: SubjectHandle) {
    let index = handle.index
    guard index >= 0 else { return }  // never attached (terminal), or already gone
    handle.index = -1
    let attached = observers[index]!
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
    attached.release()  // last: its deinit may run user code (captured objects)
  }

  /// Closes the `nil` slots, keeping the order, and records each observer's new slot.
  @usableFromInline
  mutating func compact() {
    var kept = 0
    for index in observers.indices {
      guard let attached = observers[index] else { continue }
      attached._withUnsafeGuaranteedRef { $0.handle.index = kept }
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

  @usableFromInline
  mutating func releaseAll() {
    for attached in takeAll() { attached?.release() }
  }
}
