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

  /// What an image with this size and modification date sorts by in this order, before
  /// its name: nothing by name (0), the modification date standing in for the date
  /// taken; unknown sizes and dates first.
  func rank(byteCount: Int?, modificationDate: Date?) -> Double {
    switch self {
    case .name: 0
    case .modificationDate, .dateTaken: modificationDate?.timeIntervalSince1970 ?? -.infinity
    case .size: Double(byteCount ?? -1)
    }
  }

  package func sorted(
    _ items: [ImageItem], facts: (ImageItem) -> ImageItem = { $0 },
    dateTaken: (ImageItem) -> Date? = { _ in nil }
  ) -> [ImageItem] {
    let ranks: [Double]
    switch self {
    case .name: ranks = []
    case .modificationDate, .size:
      ranks = items.map { item in
        let known = facts(item)
        return rank(byteCount: known.byteCount, modificationDate: known.modificationDate)
      }
    case .dateTaken:
      ranks = items.map { item in
        (dateTaken(item) ?? facts(item).modificationDate)?.timeIntervalSince1970 ?? -.infinity
      }
    }
    let order = SortKeys(names: items.map(\.displayName), ranks: ranks).ascendingIndices()
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
      let rank: Double
      switch self {
      case .name: rank = 0
      case .modificationDate, .size:
        let known = facts(item)
        rank = self.rank(byteCount: known.byteCount, modificationDate: known.modificationDate)
      case .dateTaken:
        rank =
          (dateTaken(item) ?? facts(item).modificationDate)?.timeIntervalSince1970 ?? -.infinity
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
