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
