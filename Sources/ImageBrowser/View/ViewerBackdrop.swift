// What the viewer paints around the image: the background colour chosen in the
// preferences (dark grey by default) in a window, black in fullscreen.
import CCairo  // cairo, for painting
import ImageBrowserCore

/// The colour around the image in the viewer.
enum ViewerBackdrop {
  /// In a window: the background colour of the preferences (the viewer's dark grey,
  /// `#212122`, by default, and for the checkerboard, which goes under the image only).
  case dark
  /// Black: fullscreen shows the image alone.
  case black

  /// Fills the whole clip of `cr`: in a window with `background`'s colour, as Eye of
  /// GNOME paints its whole view, not only under the image's transparent parts.
  func paint(_ cr: OpaquePointer, background: ViewerBackground) {
    switch (self, background) {
    case (.black, _):
      cairo_set_source_rgb(cr, 0, 0, 0)
    case (.dark, .color(let color)):
      let (red, green, blue) = color.fractions
      cairo_set_source_rgb(cr, red, green, blue)
    case (.dark, .checkerboard):
      let (red, green, blue) = ViewerBackground.standardColor.fractions
      cairo_set_source_rgb(cr, red, green, blue)
    }
    cairo_paint(cr)
  }
}
