// What the viewer paints around the image: dark grey in a window, black in fullscreen.
import CCairo  // cairo, for painting

/// The colour around the image in the viewer (behind transparent parts the background
/// preference shows instead).
enum ViewerBackdrop {
  /// The window's dark grey (`#212122`, as the viewer's style).
  case dark
  /// Black: fullscreen shows the image alone.
  case black

  /// Fills the whole clip of `cr` with the colour.
  func paint(_ cr: OpaquePointer) {
    switch self {
    case .dark: cairo_set_source_rgb(cr, 0.13, 0.13, 0.14)
    case .black: cairo_set_source_rgb(cr, 0, 0, 0)
    }
    cairo_paint(cr)
  }
}
