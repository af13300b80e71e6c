// The thumbnail strip's geometry: one row of equal cells, scrolled sideways.

/// Where the cells of the thumbnail strip are: one row of `count` equal cells, `pitch`
/// points apart, with `inset` before the first and after the last, seen through a
/// viewport `viewportWidth` wide scrolled to an offset.
///
/// Only the cells in view are ever drawn or decoded, so a strip of 100,000 images costs
/// what a strip of 12 does; this type answers every question that needs, without GTK.
///
/// Offsets and `start(of:)` run along the strip from its first cell; where that is on
/// screen depends on `isRightToLeft`: in a right-to-left language (Hebrew, Arabic) the
/// first image is at the right edge and the strip runs leftwards, as GTK mirrors the
/// rest of the window. `viewX(of:at:)` and `row(atViewX:offset:)` translate.
package nonisolated struct StripLayout: Hashable, Sendable {
  /// How many cells there are.
  package var count = 0
  /// The distance from one cell's start to the next.
  package var pitch = 106.0
  /// Space before the first cell and after the last.
  var inset = 6.0
  /// The width of the visible part.
  package var viewportWidth = 0.0
  /// Whether the strip runs from the right edge leftwards.
  package var isRightToLeft = false

  /// A layout of `count` cells `pitch` apart, `inset` from the ends, seen `viewportWidth`
  /// wide.
  package init(
    count: Int = 0, pitch: Double = 106, inset: Double = 6, viewportWidth: Double = 0,
    isRightToLeft: Bool = false
  ) {
    self.count = count
    self.pitch = pitch
    self.inset = inset
    self.viewportWidth = viewportWidth
    self.isRightToLeft = isRightToLeft
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

  /// The scroll offset nearest `offset` that shows cell `row` whole: `offset` itself
  /// when it does already (a cell the user clicked stays under the pointer), else just
  /// far enough to bring it in with the inset beside it, clamped as `centringOffset`.
  package func revealingOffset(for row: Int, from offset: Double) -> Double {
    let start = start(of: row)
    var revealed = offset
    if start + pitch > offset + viewportWidth {
      revealed = start + pitch + inset - viewportWidth
    }
    if start < revealed { revealed = start - inset }
    return min(maximumOffset, max(0, revealed))
  }

  /// Where cell `row`'s left edge is in the view (0 is the viewport's left edge) at
  /// scroll offset `offset`: mirrored when the strip runs right to left.
  package func viewX(of row: Int, at offset: Double) -> Double {
    let along = start(of: row) - offset
    return isRightToLeft ? viewportWidth - along - pitch : along
  }

  /// The cell under view coordinate `x` (from the viewport's left edge) at `offset`.
  package func row(atViewX x: Double, offset: Double) -> Int? {
    row(at: (isRightToLeft ? viewportWidth - x : x) + offset)
  }

  /// How far a scroll of `dx`, `dy` (a wheel or touchpad's deltas) moves the offset:
  /// down and towards the strip's end go forward, so a rightward swipe goes forward
  /// left to right and backward right to left.
  package func scrollDistance(dx: Double, dy: Double) -> Double {
    (isRightToLeft ? -dx : dx) + dy
  }
}
