// Painting a surface turned or mirrored with cairo: the strip shows edits not saved yet.
import CCairo  // cairo, for painting
import ImageBrowserCore

/// Cairo transformations for an `Orientation`.
enum OrientationPainting {
  /// Changes `cr`'s transformation so that a `width` × `height` surface painted at the
  /// origin shows turned or mirrored by `orientation`, filling the box from the origin
  /// to its size after orientation (`height` × `width` for a quarter turn).
  static func apply(_ orientation: Orientation, width: Double, height: Double, to cr: OpaquePointer)
  {
    // Cairo applies the last transformation first: the turns from the last to the
    // first, then the mirror, which the orientation applies first.
    for turn in stride(from: orientation.quarterTurns, to: 0, by: -1) {
      // Before turn `turn`, the image is upright for an even number of turns done.
      let turnedHeight = (turn - 1) % 2 == 0 ? height : width
      // A quarter turn clockwise: x' = h − y, y' = x.
      var matrix = cairo_matrix_t(xx: 0, yx: 1, xy: -1, yy: 0, x0: turnedHeight, y0: 0)
      cairo_transform(cr, &matrix)
    }
    if orientation.isMirrored {
      var matrix = cairo_matrix_t(xx: -1, yx: 0, xy: 0, yy: 1, x0: width, y0: 0)
      cairo_transform(cr, &matrix)
    }
  }
}
