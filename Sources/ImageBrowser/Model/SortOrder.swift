// The orders the browser can show a folder in: by name, by modification date, by size.
import Foundation

/// How the images of a folder are ordered, always ascending, with the natural name
/// order breaking ties (and deciding everything when the file facts are unknown).
nonisolated enum ImageSortOrder: String, CaseIterable, Hashable, Sendable {
  /// Natural name order: `img2` before `img10`, case ignored.
  case name
  /// Oldest modification first.
  case modificationDate = "date"
  /// Smallest file first.
  case size

  /// The order's name in menus.
  var title: String {
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
  func sorted(
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
  func sorted(
    _ items: [ImageItem], names: [String], facts: (ImageItem) -> ImageItem = { $0 }
  ) -> [ImageItem] {
    precondition(items.count == names.count, "ImageSortOrder.sorted: one name per item")
    let keys = names.map(NaturalOrder.Key.init)
    var order = Array(items.indices)
    switch self {
    case .name:
      order.sort { keys[$0] < keys[$1] }
    case .modificationDate:
      let dates = items.map { facts($0).modificationDate?.timeIntervalSince1970 ?? -.infinity }
      order.sort { dates[$0] != dates[$1] ? dates[$0] < dates[$1] : keys[$0] < keys[$1] }
    case .size:
      let sizes = items.map { facts($0).byteCount ?? -1 }
      order.sort { sizes[$0] != sizes[$1] ? sizes[$0] < sizes[$1] : keys[$0] < keys[$1] }
    }
    return order.map { items[$0] }
  }
}
