// gdk-pixbuf's SVG loader made ready on a thread of its own while GTK starts.
import CImaging
import Foundation

/// Loads gdk-pixbuf's SVG module, and with it librsvg, libxml2 and ICU, and has it
/// render a one-pixel document once, on a thread of its own beside GTK's start-up.
///
/// GTK draws a symbolic icon that its theme has only as SVG (Adwaita's
/// `process-working-symbolic`, the header's spinner while thumbnails are made, in the
/// window's first frame) through that module: the first such icon paid for loading and
/// relocating those libraries on the main thread, before the first frame. Loaded here
/// first, the main thread finds the module loaded (gdk-pixbuf loads each module once
/// per process, under its own lock; the SVG module is thread-safe). Nothing is drawn
/// differently: the same module renders the same icons.
package nonisolated enum SvgLoaderWarmUp {
  /// Starts the warm-up on a thread of its own and returns at once.
  package static func start() {
    let thread = Thread { _ = load() }
    thread.name = "svg-loader-warm-up"
    thread.start()
  }

  /// Loads the SVG module and renders a one-pixel document with it; returns whether it
  /// rendered (`false` without gdk-pixbuf's SVG module: GTK then draws no SVG icon
  /// either, and says so itself).
  package static func load() -> Bool {
    guard let loader = gdk_pixbuf_loader_new_with_type("svg", nil) else { return false }
    defer { g_object_unref(loader) }
    let document = Array(
      ("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'>"
        + "<rect width='1' height='1'/></svg>").utf8)
    let written = document.withUnsafeBufferPointer {
      gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), nil)
    }
    let closed = gdk_pixbuf_loader_close(loader, nil)
    guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
      return false
    }
    return gdk_pixbuf_get_width(pixbuf) == 1 && gdk_pixbuf_get_height(pixbuf) == 1
  }
}
