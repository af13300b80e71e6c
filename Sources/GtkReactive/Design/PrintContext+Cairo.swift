// The cairo context of a print context: what a page is drawn with.
import CGtk

extension PrintContext {
  /// The cairo context (`cairo_t *`) to draw the page with, in the print operation's
  /// units (points unless `unit` says otherwise), with the origin at the printable
  /// area's top left corner (the page's with `useFullPage`). Valid during
  /// `rx.drawPage`. Cairo is outside GObject Introspection's reach, hence written here.
  public var cairoContext: OpaquePointer {
    gtk_print_context_get_cairo_context(opaque)!
  }
}
