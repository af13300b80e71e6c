// Pointing a popover at a spot of its widget: a context menu at the pointer.
import CGtk

extension Popover {
  /// Points the popover at the rectangle of `width` × `height` at (`x`, `y`) in its
  /// `relativeTo` widget's coordinates (a click's position, for a context menu); the
  /// popover points at the whole widget until this is called.
  public func point(atX x: Int, y: Int, width: Int = 1, height: Int = 1) {
    var rectangle = GdkRectangle(
      x: Int32(clamping: x), y: Int32(clamping: y), width: Int32(clamping: width),
      height: Int32(clamping: height))
    gtk_popover_set_pointing_to(pointer(as: GtkPopover.self), &rectangle)
  }
}
