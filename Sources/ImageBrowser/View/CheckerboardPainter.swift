// What shows through a transparent image: Eye of GNOME's grey checkerboard, or a colour.
import CCairo  // cairo, for painting
import ImageBrowserCore

/// Paints the background of a transparent image, under the image only: the
/// checkerboard image viewers use (8-pixel squares of two greys, as Eye of GNOME) or
/// one colour (`ViewerBackground`).
enum CheckerboardPainter {
  /// The side of one square, in view pixels.
  static let squareSize = 8.0
  /// The light and dark greys (Eye of GNOME's `CHECK_LIGHT` and `CHECK_GRAY`).
  static let light = 0.8
  static let dark = 0.5

  /// Fills the rectangle at `x`, `y` of `width` × `height` with `background`; the
  /// squares start at the rectangle's corner, so they move with the image when panned.
  static func paint(
    _ background: ViewerBackground, x: Double, y: Double, width: Double, height: Double,
    in cr: OpaquePointer
  ) {
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_rectangle(cr, x, y, width, height)
    switch background {
    case .color(let color):
      let (red, green, blue) = color.fractions
      cairo_set_source_rgb(cr, red, green, blue)
      cairo_fill(cr)
    case .checkerboard:
      cairo_clip(cr)
      cairo_set_source_rgb(cr, light, light, light)
      cairo_paint(cr)
      // The dark squares, only those under the clip (the visible part when zoomed).
      var left = 0.0
      var top = 0.0
      var right = 0.0
      var bottom = 0.0
      cairo_clip_extents(cr, &left, &top, &right, &bottom)
      let firstColumn = Int(((left - x) / squareSize).rounded(.down))
      let lastColumn = Int(((right - x) / squareSize).rounded(.up))
      let firstRow = Int(((top - y) / squareSize).rounded(.down))
      let lastRow = Int(((bottom - y) / squareSize).rounded(.up))
      guard firstColumn <= lastColumn, firstRow <= lastRow else { return }
      for row in firstRow...lastRow {
        var column = firstColumn + ((firstColumn + row) & 1 == 0 ? 1 : 0)
        while column <= lastColumn {
          cairo_rectangle(
            cr, x + Double(column) * squareSize, y + Double(row) * squareSize, squareSize,
            squareSize)
          column += 2
        }
      }
      cairo_set_source_rgb(cr, dark, dark, dark)
      cairo_fill(cr)
    }
  }
}
