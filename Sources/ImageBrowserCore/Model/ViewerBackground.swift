// What the viewer paints behind an image's transparent parts.

/// What shows through the transparent parts of an image in the viewer.
///
/// The default is the checkerboard image viewers use (Eye of GNOME's light and dark
/// grey squares), which tells transparency apart from white or black; a colour paints
/// one flat colour instead.
package nonisolated enum ViewerBackground: Hashable, Sendable {
  /// Light and dark grey squares.
  case checkerboard
  /// One colour; components from 0 to 1.
  case color(red: Double, green: Double, blue: Double)
}
