// cairo surfaces: the images GDK and GTK draw into or give (icons, drag icons).
import CGtk

extension Cairo {
  /// A cairo surface (`cairo_surface_t`): an image cairo draws into, in memory or similar to
  /// a window's. GTK gives one for an icon at a scale (`IconTheme.loadSurface`), a drag
  /// icon or a cursor's image, and shows one in an `Image` (`Image.setFromSurface`).
  ///
  /// ```swift
  /// let surface = Cairo.Surface(width: 16, height: 16)
  /// surface.draw { context in
  ///   context.setSource(RGBA(red: 1, green: 0, blue: 0))
  ///   context.paint()
  /// }
  /// image.setFromSurface(surface)
  /// ```
  public final class Surface {
    /// The C surface, for cairo calls GtkReactive does not wrap.
    public let raw: OpaquePointer

    /// The same address as a Sendable integer, for the nonisolated deinit.
    private let address: UInt

    /// Wraps a surface C lends, taking a reference (`cairo_surface_reference`).
    public convenience init(borrowing surface: OpaquePointer) {
      self.init(taking: cairo_surface_reference(surface))
    }

    /// Wraps a surface whose reference C gives (a full transfer).
    public init(taking surface: OpaquePointer) {
      raw = surface
      address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(surface)))
    }

    /// A transparent image surface in memory, 32-bit ARGB.
    public convenience init(width: Int, height: Int) {
      self.init(
        taking: cairo_image_surface_create(
          CAIRO_FORMAT_ARGB32, Int32(clamping: width), Int32(clamping: height)))
    }

    deinit { cairo_surface_destroy(OpaquePointer(bitPattern: address)) }

    /// Whether cairo could make the surface (an impossible size makes an error surface).
    public var isValid: Bool { cairo_surface_status(raw) == CAIRO_STATUS_SUCCESS }

    /// Whether it is an image in memory (then `width` and `height` are its pixels).
    public var isImage: Bool { cairo_surface_get_type(raw) == CAIRO_SURFACE_TYPE_IMAGE }

    /// The width in pixels of an image surface; 0 for other kinds.
    public var width: Int { isImage ? Int(cairo_image_surface_get_width(raw)) : 0 }

    /// The height in pixels of an image surface; 0 for other kinds.
    public var height: Int { isImage ? Int(cairo_image_surface_get_height(raw)) : 0 }

    /// The device scale: how many surface pixels one unit covers (2 for a HiDPI icon).
    public var scale: (x: Double, y: Double) {
      var x = 0.0
      var y = 0.0
      cairo_surface_get_device_scale(raw, &x, &y)
      return (x, y)
    }

    /// Draws into the surface with a context made for it, then flushes it.
    public func draw<R>(_ body: (CairoContext) throws -> R) rethrows -> R {
      let context = cairo_create(raw)!
      defer {
        cairo_destroy(context)
        cairo_surface_flush(raw)
      }
      return try body(CairoContext(borrowing: context))
    }
  }
}
