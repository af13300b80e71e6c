// The one queue-and-drain engine: items handed to one consumer at a time, in order.

/// A queue with one drainer at a time: the engine behind `Outbox` (the multi-source
/// operators), `TimerGate` (the time operators), `ObserveOnDelivery` (`observe(on:)`)
/// and, through `Outbox`, `CombiningCore`.
///
/// It lives inside the lock of the state it serves, and every call is made under that
/// lock. Whoever finds it idle becomes the drainer (`admit(_:)` hands back the item,
/// `claim()` returns true) and takes items with `next()` (or `nextBatch(into:)`) under
/// the lock, acting on each with no lock held, until the queue is found empty, which
/// makes it idle again. Everyone else only queues, so the consumer never runs twice at
/// once, nor re-entrantly, and sees items in the order they were queued under the lock.
///
/// The queue allocates only when items actually overlap (contention or re-entry): an
/// item admitted while the queue is idle is handed back without being stored.
@usableFromInline
struct SerialDrain<Item> {
  /// Items queued and not yet taken by the drainer.
  @usableFromInline var items = FIFO<Item>()
  /// Whether somebody is draining (or, for `observe(on:)`, is scheduled to).
  @usableFromInline var isDraining = false

  @inlinable
  init() {}

  /// Whether nothing is queued.
  @inlinable
  var isEmpty: Bool { items.isEmpty }

  /// Returns `item` if the caller becomes the drainer and must act on it now, or
  /// queues it for the current drainer and returns `nil`.
  @inlinable
  mutating func admit(_ item: Item) -> Item? {
    if isDraining {
      items.push(item)
      return nil
    }
    isDraining = true
    return item
  }

  /// Queues `item` for whoever drains; call `claim()` after queueing.
  @inlinable
  mutating func push(_ item: Item) {
    items.push(item)
  }

  /// Makes the caller the drainer if nobody is draining and something is queued.
  @inlinable
  mutating func claim() -> Bool {
    guard !isDraining, !items.isEmpty else { return false }
    isDraining = true
    return true
  }

  /// For the drainer: the next item, or `nil` after giving up draining (queue empty).
  @inlinable
  mutating func next() -> Item? {
    if let item = items.pop() { return item }
    isDraining = false
    return nil
  }

  /// For the drainer: moves every queued item into `batch` (empty on entry) in one
  /// step, or gives up draining and returns false when none is queued. The two queues
  /// trade storage, so neither allocates once both have grown.
  @inlinable
  mutating func nextBatch(into batch: inout FIFO<Item>) -> Bool {
    if items.isEmpty {
      isDraining = false
      if items.capacity < batch.capacity { swap(&items, &batch) }
      return false
    }
    swap(&items, &batch)
    return true
  }

  /// Drops the queued items (returned, to be released outside the lock); a drainer
  /// then finds the queue empty and stops.
  @inlinable
  mutating func removeAll() -> FIFO<Item> {
    defer { items = FIFO() }
    return items
  }
}
