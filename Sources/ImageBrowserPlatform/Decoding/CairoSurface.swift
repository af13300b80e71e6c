// A cairo image surface owned by a Swift object: an animation frame, an SVG render.
import CImaging
import ImageBrowserCore

/// One reference to a cairo image surface, released when the object goes.
///
/// `@unchecked Sendable`: the surface is filled before `init` returns and only read
/// afterwards, and cairo's reference counting is atomic, so it may be made on a worker
/// thread and painted on the main one.
package nonisolated final class CairoSurface: @unchecked Sendable {
  /// The `cairo_surface_t`, owned by this object.
  package let surface: OpaquePointer
  /// Its size in pixels.
  package let size: PixelSize

  /// Takes over the caller's reference to `surface`.
  package init(takingOwnership surface: OpaquePointer) {
    self.surface = surface
    size = PixelSize(
      width: Int(cairo_image_surface_get_width(surface)),
      height: Int(cairo_image_surface_get_height(surface)))
  }

  /// The pixels of `pixbuf` in a new surface, or `nil` when it cannot be made.
  package convenience init?(copying pixbuf: OpaquePointer) {
    guard let surface = Self.surface(from: pixbuf) else { return nil }
    self.init(takingOwnership: surface)
  }

  deinit { cairo_surface_destroy(surface) }

  /// A new reference to the surface, for the caller to destroy.
  package func newReference() -> OpaquePointer { cairo_surface_reference(surface) }

  /// The pixels of `pixbuf` as a new cairo image surface (ARGB32, premultiplied, or
  /// RGB24 when opaque). Done here rather than with `gdk_cairo_surface_create_from_pixbuf`,
  /// which consults the default display and so belongs to the main thread.
  package static func surface(from pixbuf: OpaquePointer) -> OpaquePointer? {
    let width = Int(gdk_pixbuf_get_width(pixbuf))
    let height = Int(gdk_pixbuf_get_height(pixbuf))
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
    let sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels >= 3,
      let source = gdk_pixbuf_read_pixels(pixbuf)
    else { return nil }
    let format = hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
    guard let surface = cairo_image_surface_create(format, Int32(width), Int32(height)) else {
      return nil
    }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let target = cairo_image_surface_get_data(surface)
    else {
      cairo_surface_destroy(surface)
      return nil
    }
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

  /// The pixels of the image surface `surface` as a new pixbuf (RGBA, alpha no longer
  /// premultiplied; RGB for an opaque RGB24 surface), for the caller to unref; `nil`
  /// when it is not ARGB32 or RGB24 or memory runs out.
  package static func pixbuf(from surface: OpaquePointer) -> OpaquePointer? {
    let format = cairo_image_surface_get_format(surface)
    guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else { return nil }
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let hasAlpha = format == CAIRO_FORMAT_ARGB32
    guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface),
      let pixbuf = gdk_pixbuf_new(
        GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, Int32(width), Int32(height)),
      let target = gdk_pixbuf_get_pixels(pixbuf)
    else { return nil }
    let channels = hasAlpha ? 4 : 3
    let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    for y in 0..<height {
      let from = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      let to = target + y * rowstride
      for x in 0..<width {
        let value = from[x]
        let alpha = hasAlpha ? value >> 24 : 255
        var red = value >> 16 & 0xFF
        var green = value >> 8 & 0xFF
        var blue = value & 0xFF
        if alpha != 255 {
          // Back from premultiplied, rounded: c × 255 / a.
          red = alpha == 0 ? 0 : min(255, (red * 255 + alpha / 2) / alpha)
          green = alpha == 0 ? 0 : min(255, (green * 255 + alpha / 2) / alpha)
          blue = alpha == 0 ? 0 : min(255, (blue * 255 + alpha / 2) / alpha)
        }
        let pixel = to + x * channels
        pixel[0] = UInt8(red)
        pixel[1] = UInt8(green)
        pixel[2] = UInt8(blue)
        if hasAlpha { pixel[3] = UInt8(alpha) }
      }
    }
    return pixbuf
  }

  /// The pixel at `x`, `y` as cairo stores it (premultiplied `0xAARRGGBB`), for tests
  /// and checks; `nil` outside the surface.
  package func pixel(x: Int, y: Int) -> UInt32? {
    guard x >= 0, y >= 0, x < size.width, y < size.height,
      let data = cairo_image_surface_get_data(surface)
    else { return nil }
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    return UnsafeRawPointer(data + y * stride).load(fromByteOffset: x * 4, as: UInt32.self)
  }
}
