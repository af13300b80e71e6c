// A widget drawn into a cairo image surface, hosted in an offscreen window when it has no parent.
import CGtk
import GtkReactive

/// What a widget looks like: its pixels in a cairo ARGB32 image surface, owned here.
///
/// A widget without a parent is drawn in a `GtkOffscreenWindow` (theme background
/// included; shown with its children if it was hidden) and taken out again; a toplevel
/// window or a widget inside one is drawn where it is, and must be shown.
@MainActor
final class WidgetImage {
  /// The `cairo_surface_t`, released in deinit.
  nonisolated(unsafe) let surface: OpaquePointer
  /// Size in pixels.
  let width: Int
  let height: Int

  private init(surface: OpaquePointer, width: Int, height: Int) {
    self.surface = surface
    self.width = width
    self.height = height
  }

  // The surface is this object's alone; cairo image surfaces may be freed on any thread.
  deinit { cairo_surface_destroy(surface) }

  /// Draws `widget` at `width` × `height` (its natural size where nil), after the main
  /// loop laid it out; throws a description of why it cannot be drawn.
  static func render(
    _ widget: Widget, width: Int?, height: Int?, settle: () -> Void
  ) throws(RenderingError) -> WidgetImage {
    let target = widget.pointer(as: GtkWidget.self)
    var host: UnsafeMutablePointer<GtkWidget>?
    if gtk_widget_is_toplevel(target) == 0, gtk_widget_get_parent(target) == nil {
      host = gtk_offscreen_window_new()
      gtk_container_add(
        UnsafeMutableRawPointer(host!).assumingMemoryBound(to: GtkContainer.self), target)
    }
    var requestedWidth: Int32 = -1
    var requestedHeight: Int32 = -1
    gtk_widget_get_size_request(target, &requestedWidth, &requestedHeight)
    defer {
      gtk_widget_set_size_request(target, requestedWidth, requestedHeight)
      if let host {
        gtk_container_remove(
          UnsafeMutableRawPointer(host).assumingMemoryBound(to: GtkContainer.self), target)
        gtk_widget_destroy(host)
      }
    }
    if width != nil || height != nil {
      gtk_widget_set_size_request(
        target, width.map(Int32.init) ?? requestedWidth, height.map(Int32.init) ?? requestedHeight)
    }
    if let host {
      // A widget nobody showed yet (GTK 3 widgets start hidden) is shown with its
      // children; one that was shown keeps the children it hides.
      if gtk_widget_get_visible(target) == 0 { gtk_widget_show_all(target) }
      gtk_widget_show(host)
    }
    guard gtk_widget_get_mapped(host ?? target) != 0 else { throw .notShown(widget.gTypeName) }
    settle()

    // The host is the widget's size; drawing it paints the window background first.
    let drawn = host ?? target
    let width = Int(gtk_widget_get_allocated_width(drawn))
    let height = Int(gtk_widget_get_allocated_height(drawn))
    guard width > 0, height > 0 else { throw .empty(widget.gTypeName) }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    let context = cairo_create(surface)
    gtk_widget_draw(drawn, context)
    cairo_destroy(context)
    cairo_surface_flush(surface)
    return WidgetImage(surface: surface, width: width, height: height)
  }

  /// Writes the image as a PNG file at `path`.
  func writePNG(to path: String) throws(RenderingError) {
    let status = cairo_surface_write_to_png(surface, path)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw .io("cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
    }
  }

  /// The number of pixels of this image whose red, green, blue or alpha value differs by
  /// more than `tolerance` from the PNG at `path`. Pixels outside the area both images
  /// cover count as differing.
  func differingPixels(fromPNGAt path: String, tolerance: Int) throws(RenderingError) -> Int {
    guard let reference = cairo_image_surface_create_from_png(path) else {
      throw .io("cannot read \(path)")
    }
    defer { cairo_surface_destroy(reference) }
    let status = cairo_surface_status(reference)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw .io("cannot read \(path): \(String(cString: cairo_status_to_string(status)))")
    }
    cairo_surface_flush(reference)
    let referenceWidth = Int(cairo_image_surface_get_width(reference))
    let referenceHeight = Int(cairo_image_surface_get_height(reference))
    // A PNG without alpha loads as RGB24, whose unused byte is not 0xff: compare colour only.
    let alphaMask: UInt32 =
      cairo_image_surface_get_format(reference) == CAIRO_FORMAT_ARGB32 ? 0xffff_ffff : 0x00ff_ffff
    let commonWidth = min(width, referenceWidth)
    let commonHeight = min(height, referenceHeight)
    var differing =
      width * height + referenceWidth * referenceHeight - 2 * commonWidth * commonHeight
    let pixels = cairo_image_surface_get_data(surface)!
    let referencePixels = cairo_image_surface_get_data(reference)!
    let stride = Int(cairo_image_surface_get_stride(surface))
    let referenceStride = Int(cairo_image_surface_get_stride(reference))
    for y in 0..<commonHeight {
      let row = UnsafeRawPointer(pixels + y * stride)
      let referenceRow = UnsafeRawPointer(referencePixels + y * referenceStride)
      for x in 0..<commonWidth {
        let pixel = row.load(fromByteOffset: x * 4, as: UInt32.self) & alphaMask
        let expected = referenceRow.load(fromByteOffset: x * 4, as: UInt32.self) & alphaMask
        if pixel != expected, !within(tolerance, pixel, expected) { differing += 1 }
      }
    }
    return differing
  }
}

/// Whether every 8-bit channel of `a` and `b` differs by at most `tolerance`.
private func within(_ tolerance: Int, _ a: UInt32, _ b: UInt32) -> Bool {
  for shift in stride(from: UInt32(0), to: 32, by: 8) {
    let channelA = Int((a >> shift) & 0xff)
    let channelB = Int((b >> shift) & 0xff)
    if abs(channelA - channelB) > tolerance { return false }
  }
  return true
}

/// Why a widget could not be drawn, read or written.
enum RenderingError: Error, CustomStringConvertible {
  /// The widget is in a hierarchy that is not shown.
  case notShown(String)
  /// The widget has no area.
  case empty(String)
  /// A PNG file could not be read or written.
  case io(String)

  var description: String {
    switch self {
    case .notShown(let type): "the \(type) is not shown: show its window first"
    case .empty(let type): "the \(type) has no size to draw"
    case .io(let message): message
    }
  }
}
