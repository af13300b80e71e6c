// The orders the browser can show a folder in: by name, by modification date, by size.
import Foundation

/// How the images of a folder are ordered, always ascending, with the natural name
/// order breaking ties (and deciding everything when the file facts are unknown).
package nonisolated enum ImageSortOrder: String, CaseIterable, Hashable, Sendable {
  /// Natural name order: `img2` before `img10`, case ignored.
  case name
  /// Oldest modification first.
  case modificationDate = "date"
  /// Smallest file first.
  case size

  /// The order's name in menus.
  package var title: String {
    switch self {
    case .name: "Name"
    case .modificationDate: "Date Modified"
    case .size: "Size"
    }
  }

  /// Whether sorting needs each file's size or date (a `stat` per file), not only its
  /// name.
  var needsFileFacts: Bool { self != .name }

  /// `items` in this order; see `sorted(_:names:facts:)`.
  package func sorted(
    _ items: [ImageItem], facts: (ImageItem) -> ImageItem = { $0 }
  ) -> [ImageItem] {
    sorted(items, names: items.map(\.displayName), facts: facts)
  }

  /// `items` in this order, where `names[i]` is the display name of `items[i]` (the
  /// scanner has it already). Sizes and dates come from `facts(item)` (which may read
  /// them from the file system, see `ImageItem.withFileFacts()`); the items themselves
  /// are returned unchanged. Items whose size or date is unknown sort first.
  ///
  /// - Complexity: O(*n* log *n*) comparisons of precomputed keys: each name is parsed
  ///   once, not in every comparison.
  package func sorted(
    _ items: [ImageItem], names: [String], facts: (ImageItem) -> ImageItem = { $0 }
  ) -> [ImageItem] {
    precondition(items.count == names.count, "ImageSortOrder.sorted: one name per item")
    // Every key in one buffer, so that comparing two touches no reference counts.
    var table: [UInt8] = []
    table.reserveCapacity(names.reduce(0) { $0 + $1.utf8.count * 2 + 8 })
    var starts: [Int] = []
    starts.reserveCapacity(names.count + 1)
    for name in names {
      starts.append(table.count)
      _ = NaturalOrder.Key.append(name, to: &table)
    }
    starts.append(table.count)
    let ranks: [Double]
    switch self {
    case .name: ranks = []
    case .modificationDate:
      ranks = items.map { facts($0).modificationDate?.timeIntervalSince1970 ?? -.infinity }
    case .size: ranks = items.map { Double(facts($0).byteCount ?? -1) }
    }
    var order = Array(items.indices)
    table.withUnsafeBytes { keys in
      starts.withUnsafeBufferPointer { starts in
        ranks.withUnsafeBufferPointer { ranks in
          let base = keys.baseAddress!
          order.sort { a, b in
            if !ranks.isEmpty, ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
            return NaturalOrder.Key.compare(
              base + starts[a], starts[a + 1] - starts[a], base + starts[b],
              starts[b + 1] - starts[b]) < 0
          }
        }
      }
    }
    return order.map { items[$0] }
  }
}
