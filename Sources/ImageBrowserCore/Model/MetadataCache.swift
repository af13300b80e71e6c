// The metadata already read, so paging back and sorting again do not read files again.
import Foundation

/// Metadata read by a `MetadataReading`, remembered per file and version: the key is the
/// URL and the modification time, so a file rewritten since is read again. Bounded: at
/// most `capacity` files, the least recently used forgotten first.
///
/// Thread-safe: the current image's read and a sort by date taken use it from
/// different queues at once. Reading happens outside the lock, so a slow file never
/// holds up a look-up of another.
package nonisolated final class MetadataCache: @unchecked Sendable {
  // @unchecked: `entries` and the list are only touched under `lock`.
  /// The reader behind the cache.
  package let reader: any MetadataReading
  /// The most files remembered.
  package let capacity: Int

  /// One file's version.
  struct Key: Hashable {
    let url: URL
    let modified: Date?
  }

  private struct Node {
    var key: Key
    var metadata: ImageMetadata
    var previous: Int
    var next: Int
  }

  private let lock = NSLock()
  private var positions: [Key: Int] = [:]
  /// Entries in a doubly linked list by recency (`head` most recent); freed slots reused.
  private var nodes: [Node] = []
  private var head = -1
  private var tail = -1

  /// A cache of at most `capacity` files in front of `reader`.
  package init(reader: any MetadataReading, capacity: Int = 16_384) {
    precondition(capacity > 0, "MetadataCache: the capacity must be positive")
    self.reader = reader
    self.capacity = capacity
  }

  /// How many files are remembered.
  package var count: Int { lock.withLock { positions.count } }

  /// The metadata of `item`'s file as it is now: remembered if this version was read
  /// before, else read (on the calling thread) and remembered. One `stat` per call
  /// finds the version.
  package func metadata(for item: ImageItem) -> ImageMetadata {
    let key = Key(url: item.url, modified: item.withFileFacts().modificationDate)
    if let known = lock.withLock({ lookUp(key) }) { return known }
    let metadata = reader.metadata(at: item.url)
    lock.withLock { insert(metadata, for: key) }
    return metadata
  }

  /// The remembered metadata of `key`, made most recent.
  private func lookUp(_ key: Key) -> ImageMetadata? {
    guard let position = positions[key] else { return nil }
    unlink(position)
    pushFront(position)
    return nodes[position].metadata
  }

  private func insert(_ metadata: ImageMetadata, for key: Key) {
    if let position = positions[key] {
      nodes[position].metadata = metadata
      return
    }
    let position: Int
    if positions.count >= capacity {
      // Reuse the least recently used slot.
      position = tail
      unlink(position)
      positions[nodes[position].key] = nil
      nodes[position] = Node(key: key, metadata: metadata, previous: -1, next: -1)
    } else {
      position = nodes.count
      nodes.append(Node(key: key, metadata: metadata, previous: -1, next: -1))
    }
    positions[key] = position
    pushFront(position)
  }

  private func unlink(_ position: Int) {
    let (previous, next) = (nodes[position].previous, nodes[position].next)
    if previous >= 0 { nodes[previous].next = next } else { head = next }
    if next >= 0 { nodes[next].previous = previous } else { tail = previous }
  }

  private func pushFront(_ position: Int) {
    nodes[position].previous = -1
    nodes[position].next = head
    if head >= 0 { nodes[head].previous = position }
    head = position
    if tail < 0 { tail = position }
  }
}
