// The orders the browser can show a folder in: by name, modification date, size, date taken.
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
  /// Earliest photo first, by the date its camera recorded (EXIF or XMP); a file without
  /// one sorts by its modification date among them.
  case dateTaken = "taken"

  /// The order's name in menus.
  package var title: String {
    switch self {
    case .name: tr("Name")
    case .modificationDate: tr("Date Modified")
    case .size: tr("Size")
    case .dateTaken: tr("Date Taken")
    }
  }

  /// The sort menu item's name for screen readers: "Sort by name".
  package var accessibleTitle: String {
    switch self {
    case .name: tr("Sort by name")
    case .modificationDate: tr("Sort by date modified")
    case .size: tr("Sort by size")
    case .dateTaken: tr("Sort by date taken")
    }
  }

  /// Whether sorting needs each file's size or date (a `stat` per file), not only its
  /// name.
  var needsFileFacts: Bool { self != .name }

  /// Whether sorting reads each file's metadata (the date taken).
  package var needsMetadata: Bool { self == .dateTaken }

  /// `items` in this order; see `sorted(_:names:facts:dateTaken:)`.
  package func sorted(
    _ items: [ImageItem], facts: (ImageItem) -> ImageItem = { $0 },
    dateTaken: (ImageItem) -> Date? = { _ in nil }
  ) -> [ImageItem] {
    sorted(items, names: items.map(\.displayName), facts: facts, dateTaken: dateTaken)
  }

  /// `items` in this order, where `names[i]` is the display name of `items[i]` (the
  /// scanner has it already). Sizes and dates come from `facts(item)` (which may read
  /// them from the file system, see `ImageItem.withFileFacts()`); the items themselves
  /// are returned unchanged. Items whose size or date is unknown sort first. The date
  /// taken comes from `dateTaken(item)` (which may read the file's metadata), the
  /// modification date standing in where it is `nil`.
  ///
  /// - Complexity: O(*n* log *n*) comparisons of precomputed keys: each name is parsed
  ///   once, not in every comparison.
  package func sorted(
    _ items: [ImageItem], names: [String], facts: (ImageItem) -> ImageItem = { $0 },
    dateTaken: (ImageItem) -> Date? = { _ in nil }
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
    case .dateTaken:
      ranks = items.map { item in
        (dateTaken(item) ?? facts(item).modificationDate)?.timeIntervalSince1970 ?? -.infinity
      }
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

  /// `sorted` (already in this order) with `new` put in their places: what `sorted` of
  /// all of them gives, without sorting them all again. Facts and dates are read as
  /// `sorted(_:facts:dateTaken:)` reads them, for the new items and for the places a
  /// binary search looks at.
  ///
  /// - Complexity: O(*k* log *n*) keys made and compared for *k* new items among *n*,
  ///   and one pass to copy: a folder of 100,000 files taking a file a second is not
  ///   sorted whole each time.
  package func merged(
    _ new: [ImageItem], into sorted: [ImageItem], facts: (ImageItem) -> ImageItem = { $0 },
    dateTaken: (ImageItem) -> Date? = { _ in nil }
  ) -> [ImageItem] {
    guard !new.isEmpty else { return sorted }
    let incoming = self.sorted(new, facts: facts, dateTaken: dateTaken)
    guard !sorted.isEmpty else { return incoming }
    /// What an item sorts by: its rank for this order (none by name), then its name.
    func key(_ item: ImageItem) -> (rank: Double, name: [UInt8]) {
      var name: [UInt8] = []
      _ = NaturalOrder.Key.append(item.displayName, to: &name)
      let rank: Double =
        switch self {
        case .name: 0
        case .modificationDate:
          facts(item).modificationDate?.timeIntervalSince1970 ?? -.infinity
        case .size: Double(facts(item).byteCount ?? -1)
        case .dateTaken:
          (dateTaken(item) ?? facts(item).modificationDate)?.timeIntervalSince1970
            ?? -.infinity
        }
      return (rank, name)
    }
    func precedes(_ a: (rank: Double, name: [UInt8]), _ b: (rank: Double, name: [UInt8]))
      -> Bool
    {
      if a.rank != b.rank { return a.rank < b.rank }
      return NaturalOrder.Key.compare(a.name, a.name.count, b.name, b.name.count) < 0
    }
    var result: [ImageItem] = []
    result.reserveCapacity(sorted.count + incoming.count)
    var next = 0
    for item in incoming {
      let itemKey = key(item)
      // The first place at or after `next` whose item does not precede this one.
      var low = next
      var high = sorted.count
      while low < high {
        let middle = (low + high) / 2
        if precedes(key(sorted[middle]), itemKey) { low = middle + 1 } else { high = middle }
      }
      result += sorted[next..<low]
      result.append(item)
      next = low
    }
    result += sorted[next...]
    return result
  }
}
