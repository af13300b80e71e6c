// A range of pages to print (`GtkPageRange`) as a Swift value.
import CGtk

/// A range of pages to print, numbered from 0, both ends included: what `GtkPageRange`
/// carries (`PrintSettings.pageRanges`, `PrintSettings.setPageRanges(_:)`). Copied out of C.
nonisolated public struct PageRange: Sendable, Hashable {
  /// The first page of the range.
  public var start: Int
  /// The last page of the range (included).
  public var end: Int

  /// The pages from `start` to `end`, both included.
  public init(start: Int, end: Int) { (self.start, self.end) = (start, end) }

  /// A copy of a C page range.
  init(_ range: GtkPageRange) { self.init(start: Int(range.start), end: Int(range.end)) }

  /// The C page range (page numbers beyond `Int32` are clamped).
  package var cValue: GtkPageRange {
    GtkPageRange(start: Int32(clamping: start), end: Int32(clamping: end))
  }
}
