// Natural name order: the order people expect for file names with numbers in them.
import Foundation

/// Compares names the way a person reads them: runs of digits compare as numbers
/// (`img2` < `img10`), letters compare without regard to case (`Beach` < `cliff`).
///
/// Names that are equal under those rules (`a01` and `a1`, `A` and `a`) fall back to
/// the order of their UTF-8 bytes, so the order is total and sorting is deterministic.
///
/// Sorting many names should go through `Key`: it parses each name once, and then every
/// comparison is one `memcmp`.
package nonisolated enum NaturalOrder {
  /// Whether `lhs` comes before `rhs` in natural order.
  static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
    Key(lhs) < Key(rhs)
  }

  /// The natural order of two names, ignoring case and leading zeros.
  static func compare(_ lhs: String, _ rhs: String) -> Ordering {
    let left = Key(lhs)
    let right = Key(rhs)
    let order = Key.compare(
      left.bytes, left.chunkLength, right.bytes, right.chunkLength)
    return order < 0 ? .orderedAscending : (order > 0 ? .orderedDescending : .orderedSame)
  }

  /// The result of a three-way comparison.
  package enum Ordering: Equatable {
    case orderedAscending, orderedSame, orderedDescending
  }

  /// A name's position in natural order, computed once so that sorting compares bytes
  /// instead of parsing both names in every comparison.
  ///
  /// The key is the name's chunks encoded so that their byte order is the natural
  /// order, then a zero byte and the name's own UTF-8 bytes as the tie-break:
  ///
  /// - a run of digits is `01`, the number of digits without leading zeros (one byte
  ///   below 255, else `FF` and four big-endian bytes), then those digits: a longer
  ///   number is larger, equal lengths compare digit by digit, and numbers of any
  ///   length never overflow;
  /// - any other run is `02`, its lowercased UTF-8 bytes, then `00`, which sorts a
  ///   prefix first (file names never contain a zero byte).
  ///
  /// Digits therefore sort before text, and a name that runs out of chunks first sorts
  /// first, because the `00` before the tie-break is below both markers. Text compares
  /// by code points of its lowercased form (as `String` does for names in Unicode's
  /// composed form, which is how Linux desktops write them).
  ///
  /// - Complexity: O(*n*) to make for a name of *n* bytes; comparing is one `memcmp`.
  package struct Key: Comparable, Hashable, Sendable {
    /// The encoded chunks, a zero byte, then the name's UTF-8 bytes.
    package let bytes: [UInt8]
    /// How many leading bytes of `bytes` are the encoded chunks.
    let chunkLength: Int

    /// The key of `name`.
    package init(_ name: String) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(name.utf8.count * 2 + 8)
      chunkLength = Self.append(name, to: &bytes)
      self.bytes = bytes
    }

    /// Appends the key of `name` to `bytes` (a table of many keys, see
    /// `ImageSortOrder.sorted`); returns how many of the appended bytes are chunks.
    package static func append(_ name: String, to bytes: inout [UInt8]) -> Int {
      let begin = bytes.count
      let utf8 = name.utf8
      var isASCII = true
      for byte in utf8 where byte >= 0x80 {
        isASCII = false
        break
      }
      var start = utf8.startIndex
      while start < utf8.endIndex {
        let isDigit = Self.isDigit(utf8[start])
        var end = utf8.index(after: start)
        while end < utf8.endIndex, Self.isDigit(utf8[end]) == isDigit {
          end = utf8.index(after: end)
        }
        let run = utf8[start..<end]
        if isDigit {
          Self.appendNumber(run, to: &bytes)
        } else {
          bytes.append(0x02)
          if isASCII {
            for byte in run { bytes.append(Self.asciiLowercase(byte)) }
          } else {
            // Runs split at ASCII bytes, so each is whole UTF-8.
            bytes.append(contentsOf: String(Substring(run)).lowercased().utf8)
          }
          bytes.append(0x00)
        }
        start = end
      }
      let chunkLength = bytes.count - begin
      bytes.append(0x00)
      bytes.append(contentsOf: utf8)
      return chunkLength
    }

    /// Whether `lhs` sorts before `rhs`.
    package static func < (lhs: Key, rhs: Key) -> Bool {
      compare(lhs.bytes, lhs.bytes.count, rhs.bytes, rhs.bytes.count) < 0
    }

    /// `memcmp` of the first `leftCount` and `rightCount` bytes, the shorter first when
    /// one is a prefix of the other.
    static func compare(
      _ left: [UInt8], _ leftCount: Int, _ right: [UInt8], _ rightCount: Int
    ) -> Int {
      left.withUnsafeBytes { a in
        right.withUnsafeBytes { b in
          compare(a.baseAddress!, leftCount, b.baseAddress!, rightCount)
        }
      }
    }

    /// `memcmp` of two encoded keys in memory, the shorter first when one is a prefix
    /// of the other.
    static func compare(
      _ left: UnsafeRawPointer, _ leftCount: Int, _ right: UnsafeRawPointer, _ rightCount: Int
    ) -> Int {
      let order = memcmp(left, right, min(leftCount, rightCount))
      if order != 0 { return Int(order) }
      return leftCount == rightCount ? 0 : (leftCount < rightCount ? -1 : 1)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
      byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
      byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func appendNumber(_ digits: Substring.UTF8View, to bytes: inout [UInt8]) {
      let significant = digits.drop { $0 == UInt8(ascii: "0") }
      let count = significant.count
      bytes.append(0x01)
      if count < 0xFF {
        bytes.append(UInt8(count))
      } else {
        bytes.append(0xFF)
        let wide = UInt32(clamping: count)
        for shift in [24, 16, 8, 0] as [UInt32] {
          bytes.append(UInt8(truncatingIfNeeded: wide >> shift))
        }
      }
      bytes.append(contentsOf: significant)
    }
  }
}
