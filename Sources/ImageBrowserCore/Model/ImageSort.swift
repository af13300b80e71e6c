// An order and its direction: how the open folder is shown.
import Foundation

/// How the images of a folder are ordered: by `key`, ascending or descending. Descending
/// is the ascending order reversed, ties included (Z to A within a date or a size), so
/// that a reversed folder reads exactly backwards.
package nonisolated struct ImageSort: Hashable, Sendable {
  /// What the images are ordered by.
  package var key: ImageSortOrder
  /// Whether the order runs backwards: Z to A, newest, largest or latest taken first.
  package var descending: Bool

  /// Ordered by `key`, ascending unless `descending`.
  package init(_ key: ImageSortOrder, descending: Bool = false) {
    self.key = key
    self.descending = descending
  }

  /// `ascending` (in `key`'s ascending order) in this sort's direction.
  package func directed(_ ascending: [ImageItem]) -> [ImageItem] {
    descending ? ascending.reversed() : ascending
  }

  /// `items` in this order; see `ImageSortOrder.sorted(_:facts:dateTaken:)`.
  package func sorted(
    _ items: [ImageItem], facts: (ImageItem) -> ImageItem = { $0 },
    dateTaken: (ImageItem) -> Date? = { _ in nil }
  ) -> [ImageItem] {
    directed(key.sorted(items, facts: facts, dateTaken: dateTaken))
  }

  /// `sorted` (in this order already) with `new` put in their places, as `sorted(_:)` of
  /// all of them would order them; see `ImageSortOrder.merged(_:into:facts:dateTaken:)`.
  package func merged(
    _ new: [ImageItem], into sorted: [ImageItem], facts: (ImageItem) -> ImageItem = { $0 },
    dateTaken: (ImageItem) -> Date? = { _ in nil }
  ) -> [ImageItem] {
    guard descending else {
      return key.merged(new, into: sorted, facts: facts, dateTaken: dateTaken)
    }
    let ascending = key.merged(new, into: sorted.reversed(), facts: facts, dateTaken: dateTaken)
    return ascending.reversed()
  }

  /// The sort button's tooltip: the order in effect, with its direction.
  package var summary: String {
    switch (key, descending) {
    case (.name, false): tr("Sorted by name, A to Z")
    case (.name, true): tr("Sorted by name, Z to A")
    case (.modificationDate, false): tr("Sorted by date modified, oldest first")
    case (.modificationDate, true): tr("Sorted by date modified, newest first")
    case (.size, false): tr("Sorted by size, smallest first")
    case (.size, true): tr("Sorted by size, largest first")
    case (.dateTaken, false): tr("Sorted by date taken, earliest first")
    case (.dateTaken, true): tr("Sorted by date taken, latest first")
    }
  }
}
