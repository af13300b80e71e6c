// The keys a listing is sorted by, made once: the order's rank and the name's natural key.
import Foundation

/// What each image of a listing sorts by, made once before any comparison: the order's
/// rank (a date or a size; none by name) and the natural key of its name, every key in
/// one buffer so that comparing two touches no reference counts. Ranks decide first;
/// keys, which end with the name's own bytes, break ties, so two different names never
/// compare equal.
nonisolated struct SortKeys {
  /// Every name's key, one after another.
  private var table: [UInt8] = []
  /// Where each key starts in `table`, and one past the last key's end.
  private var starts: [Int] = []
  /// Each image's rank, or none when the order is by name alone.
  private let ranks: [Double]

  /// The keys of `names`, with `ranks` (one per name, or empty to order by name alone).
  init(names: [String], ranks: [Double]) {
    precondition(ranks.isEmpty || ranks.count == names.count, "SortKeys: one rank per name")
    self.ranks = ranks
    table.reserveCapacity(names.reduce(0) { $0 + $1.utf8.count * 2 + 8 })
    starts.reserveCapacity(names.count + 1)
    for name in names {
      starts.append(table.count)
      _ = NaturalOrder.Key.append(name, to: &table)
    }
    starts.append(table.count)
  }

  /// How many images there are keys for.
  var count: Int { starts.count - 1 }

  /// The indices of the images in ascending order.
  ///
  /// - Complexity: O(*n* log *n*) comparisons.
  func ascendingIndices() -> [Int] {
    var order = Array(0..<count)
    withComparison { precedes in order.sort(by: precedes) }
    return order
  }

  /// The index of the image shown first: the least in ascending order, or with
  /// `descending` the greatest; `nil` when there are none. The same image that
  /// `ascendingIndices()` puts first (or last), without sorting.
  ///
  /// - Complexity: O(*n*) comparisons.
  func firstIndex(descending: Bool) -> Int? {
    guard count > 0 else { return nil }
    var best = 0
    withComparison { precedes in
      for index in 1..<count {
        if descending ? precedes(best, index) : precedes(index, best) { best = index }
      }
    }
    return best
  }

  /// Calls `body` with a function telling whether image `a` sorts before image `b`.
  private func withComparison(_ body: ((Int, Int) -> Bool) -> Void) {
    table.withUnsafeBytes { keys in
      starts.withUnsafeBufferPointer { starts in
        ranks.withUnsafeBufferPointer { ranks in
          let base = keys.baseAddress!
          body { a, b in
            if !ranks.isEmpty, ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
            return NaturalOrder.Key.compare(
              base + starts[a], starts[a + 1] - starts[a], base + starts[b],
              starts[b + 1] - starts[b]) < 0
          }
        }
      }
    }
  }
}
