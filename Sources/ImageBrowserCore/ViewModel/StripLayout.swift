// The thumbnail strip's geometry: one row of equal cells, scrolled sideways.

/// Where the cells of the thumbnail strip are: one row of `count` equal cells, `pitch`
/// points apart, with `inset` before the first and after the last, seen through a
/// viewport `viewportWidth` wide scrolled to an offset.
///
/// Only the cells in view are ever drawn or decoded, so a strip of 100,000 images costs
/// what a strip of 12 does; this type answers every question that needs, without GTK.
package nonisolated struct StripLayout: Hashable, Sendable {
  /// How many cells there are.
  package var count = 0
  /// The distance from one cell's start to the next.
  package var pitch = 106.0
  /// Space before the first cell and after the last.
  var inset = 6.0
  /// The width of the visible part.
  package var viewportWidth = 0.0

  /// A layout of `count` cells `pitch` apart, `inset` from the ends, seen `viewportWidth`
  /// wide.
  package init(count: Int = 0, pitch: Double = 106, inset: Double = 6, viewportWidth: Double = 0) {
    self.count = count
    self.pitch = pitch
    self.inset = inset
    self.viewportWidth = viewportWidth
  }

  /// The width of all cells together, insets included.
  package var contentWidth: Double { 2 * inset + Double(count) * pitch }

  /// The largest scroll offset: the last cell at the right edge.
  package var maximumOffset: Double { max(0, contentWidth - viewportWidth) }

  /// Where cell `row` starts, in content coordinates.
  package func start(of row: Int) -> Double { inset + Double(row) * pitch }

  /// The cell under content coordinate `x`, if any.
  package func row(at x: Double) -> Int? {
    guard count > 0, x >= inset else { return nil }
    let row = Int((x - inset) / pitch)
    return row < count ? row : nil
  }

  /// The cells at least partly in view at scroll offset `offset`; `nil` when none is.
  package func visibleRows(at offset: Double) -> ClosedRange<Int>? {
    guard count > 0, viewportWidth > 0 else { return nil }
    let first = max(0, Int(((offset - inset) / pitch).rounded(.down)))
    let last = min(count - 1, Int(((offset + viewportWidth - inset) / pitch).rounded(.up)) - 1)
    return first <= last ? first...last : nil
  }

  /// The scroll offset that puts cell `row` in the middle of the view, clamped so the
  /// strip never scrolls past either end.
  package func centringOffset(for row: Int) -> Double {
    let centre = start(of: row) + pitch / 2
    return min(maximumOffset, max(0, centre - viewportWidth / 2))
  }
}
