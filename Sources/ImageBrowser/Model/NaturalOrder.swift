// Natural name order: the order people expect for file names with numbers in them.

/// Compares names the way a person reads them: runs of digits compare as numbers
/// (`img2` < `img10`), letters compare without regard to case (`Beach` < `cliff`).
///
/// Names that are equal under those rules (`a01` and `a1`, `A` and `a`) fall back to
/// plain code-point order, so the order is total and sorting is deterministic.
nonisolated enum NaturalOrder {
  /// Whether `lhs` comes before `rhs` in natural order.
  static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
    switch compare(lhs, rhs) {
    case .orderedAscending: true
    case .orderedDescending: false
    case .orderedSame: lhs < rhs
    }
  }

  /// The natural order of two names, ignoring case and leading zeros.
  static func compare(_ lhs: String, _ rhs: String) -> Ordering {
    var left = chunks(of: lhs).makeIterator()
    var right = chunks(of: rhs).makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case (nil, nil): return .orderedSame
      case (nil, _): return .orderedAscending
      case (_, nil): return .orderedDescending
      case (let a?, let b?):
        let order = compare(a, b)
        if order != .orderedSame { return order }
      }
    }
  }

  /// The result of a three-way comparison.
  enum Ordering: Equatable {
    case orderedAscending, orderedSame, orderedDescending
  }

  /// A run of digits or a run of anything else.
  private enum Chunk {
    case number(Substring)
    case text(String)
  }

  private static func chunks(of name: String) -> [Chunk] {
    var result: [Chunk] = []
    var start = name.startIndex
    while start < name.endIndex {
      let isDigit = name[start].isASCIIDigit
      var end = name.index(after: start)
      while end < name.endIndex, name[end].isASCIIDigit == isDigit {
        end = name.index(after: end)
      }
      let run = name[start..<end]
      result.append(isDigit ? .number(run) : .text(run.lowercased()))
      start = end
    }
    return result
  }

  private static func compare(_ a: Chunk, _ b: Chunk) -> Ordering {
    switch (a, b) {
    case (.number(let x), .number(let y)):
      // Compare digit strings as numbers of any length: without leading zeros, the
      // longer one is larger; equal lengths compare digit by digit.
      let x = x.drop { $0 == "0" }
      let y = y.drop { $0 == "0" }
      if x.count != y.count { return x.count < y.count ? .orderedAscending : .orderedDescending }
      return order(x, y)
    case (.number, .text): return .orderedAscending
    case (.text, .number): return .orderedDescending
    case (.text(let x), .text(let y)): return order(x, y)
    }
  }

  private static func order<S: StringProtocol>(_ x: S, _ y: S) -> Ordering {
    x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
  }
}

extension Character {
  /// Whether this is one of `0`…`9` (not other scripts' digits, which file names
  /// rarely mix with numbering).
  nonisolated fileprivate var isASCIIDigit: Bool {
    guard let ascii = asciiValue else { return false }
    return ascii >= 48 && ascii <= 57
  }
}
