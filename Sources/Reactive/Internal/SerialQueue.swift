/// A FIFO queue on an array with a moving head: amortized O(1) push and pop, no
/// dependency on swift-collections for the core.
@usableFromInline
struct FIFO<Element> {
  /// Popped slots hold `nil`: a popped element is released at once, not when the
  /// storage is next compacted (a replay buffer that never empties would otherwise
  /// keep up to 64 old values alive).
  @usableFromInline var storage: [Element?]
  @usableFromInline var head: Int

  @inlinable
  init() {
    storage = []
    head = 0
  }

  @inlinable
  var isEmpty: Bool { head == storage.count }

  /// How many elements are queued.
  @inlinable
  var count: Int { storage.count - head }

  /// How many elements the storage holds without growing.
  @inlinable
  var capacity: Int { storage.capacity }

  /// Empties the queue, keeping the storage for reuse.
  @inlinable
  mutating func removeAll() {
    storage.removeAll(keepingCapacity: true)
    head = 0
  }

  /// The element `pop()` would return, left in place.
  @inlinable
  var first: Element? { head < storage.count ? storage[head] : nil }

  /// Calls `body` with every queued element, oldest first, leaving the queue as it is.
  @inlinable
  func forEach(_ body: (Element) throws -> Void) rethrows {
    // Slots from `head` on are never nil: only `pop` clears a slot, and it moves past it.
    for index in head..<storage.count { try body(storage[index]!) }
  }

  @inlinable
  mutating func push(_ element: Element) {
    storage.append(element)
  }

  @inlinable
  mutating func pop() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 64 && head * 2 > storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }
}

extension FIFO: Sendable where Element: Sendable {}
