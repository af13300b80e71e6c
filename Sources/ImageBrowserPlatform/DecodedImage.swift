// A decoded image: a gdk-pixbuf reference, its size before scaling, and a cairo surface.
import CGtk
import GtkReactive
import ImageBrowserCore

/// A decoded image: one reference to a `GdkPixbuf`, released when the last copy goes.
///
/// `@unchecked Sendable` because nothing changes after `init`: a pixbuf is immutable once
/// decoded (nothing here writes its pixels), the cairo surface is made in `init` and only
/// read afterwards, and GObject and cairo reference counting are atomic, so handing it
/// from the decoding thread to the main thread is safe.
package nonisolated final class DecodedImage: PixelSized, @unchecked Sendable {
  /// The pixbuf, owned by this object.
  package let pixbuf: OpaquePointer
  /// The image's size at full resolution, after orientation: `size` unless it was
  /// decoded scaled down.
  package let fullSize: PixelSize
  /// Whether its EXIF orientation turned it a quarter.
  let isTransposed: Bool
  /// The pixels as a cairo image surface, made on the decoding thread so the viewer does
  /// not convert them on the main thread; `nil` unless asked for.
  package let surface: OpaquePointer?

  /// Takes over the reference the caller holds on `pixbuf`; with `makeSurface`, also
  /// converts it to a cairo surface now.
  package init(
    takingOwnership pixbuf: OpaquePointer, fullSize: PixelSize? = nil, isTransposed: Bool = false,
    makeSurface: Bool = false
  ) {
    self.pixbuf = pixbuf
    let size = PixelSize(
      width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
    self.fullSize = fullSize ?? size
    self.isTransposed = isTransposed
    surface = makeSurface ? Self.surface(from: pixbuf) : nil
  }

  /// The pixels of `pixbuf` as a new cairo image surface (ARGB32, premultiplied, or
  /// RGB24 when opaque). Done here rather than with `gdk_cairo_surface_create_from_pixbuf`,
  /// which consults the default display and so belongs to the main thread.
  private static func surface(from pixbuf: OpaquePointer) -> OpaquePointer? {
    let width = Int(gdk_pixbuf_get_width(pixbuf))
    let height = Int(gdk_pixbuf_get_height(pixbuf))
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
    let sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels >= 3,
      let source = gdk_pixbuf_read_pixels(pixbuf)
    else { return nil }
    let format = hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
    guard let surface = cairo_image_surface_create(format, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let target = cairo_image_surface_get_data(surface)
    else { return nil }
    cairo_surface_flush(surface)
    let targetStride = Int(cairo_image_surface_get_stride(surface))
    for y in 0..<height {
      let from = source + y * sourceStride
      let to = UnsafeMutableRawPointer(target + y * targetStride)
        .assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let pixel = from + x * channels
        var red = UInt32(pixel[0])
        var green = UInt32(pixel[1])
        var blue = UInt32(pixel[2])
        var alpha: UInt32 = 255
        if hasAlpha {
          alpha = UInt32(pixel[3])
          // Premultiplied, rounded: (c × a + 127) / 255.
          red = (red * alpha + 127) / 255
          green = (green * alpha + 127) / 255
          blue = (blue * alpha + 127) / 255
        }
        // Cairo's native-endian 32-bit pixel: alpha, red, green, blue from the top.
        to[x] = alpha << 24 | red << 16 | green << 8 | blue
      }
    }
    cairo_surface_mark_dirty(surface)
    return surface
  }

  deinit {
    if let surface { cairo_surface_destroy(surface) }
    g_object_unref(UnsafeMutableRawPointer(pixbuf))
  }

  /// A new reference to a cairo surface of the pixels, for the caller to destroy: its own
  /// surface, or else one GDK makes now (which consults the default display, hence the
  /// main thread).
  @MainActor
  package func newSurfaceReference() -> OpaquePointer? {
    if let surface { return cairo_surface_reference(surface) }
    return gdk_cairo_surface_create_from_pixbuf(pixbuf, 1, nil)
  }

  /// An image of `pixbuf` (a themed icon, say), holding a reference of its own.
  @MainActor
  package convenience init(retaining pixbuf: Pixbuf) {
    let raw = OpaquePointer(pixbuf.pointer)
    g_object_ref(UnsafeMutableRawPointer(raw))
    self.init(takingOwnership: raw)
  }

  /// This image with a cairo surface (itself if it has one).
  package func withSurface() -> DecodedImage {
    guard surface == nil else { return self }
    g_object_ref(UnsafeMutableRawPointer(pixbuf))
    return DecodedImage(
      takingOwnership: pixbuf, fullSize: fullSize, isTransposed: isTransposed, makeSurface: true)
  }

  /// The decoded size in pixels.
  package var size: PixelSize {
    PixelSize(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
  }
  /// The decoded width in pixels.
  package var width: Int { Int(gdk_pixbuf_get_width(pixbuf)) }
  /// The decoded height in pixels.
  package var height: Int { Int(gdk_pixbuf_get_height(pixbuf)) }
  /// Whether this is the image at full resolution (not scaled down when decoded).
  var isFullResolution: Bool { size == fullSize }
}
