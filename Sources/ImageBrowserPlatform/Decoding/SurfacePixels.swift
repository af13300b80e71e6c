// Decoded pixels written straight in cairo's layout, turned upright, for the viewer.
import CImaging
import Foundation
import ImageBrowserCore

/// The viewer's pixels handed from a decoder helper to the app in the layout cairo
/// paints from (32 bits a pixel, premultiplied ARGB32, or RGB24 when opaque), so the
/// app maps the helper's memory file as a cairo surface and holds the picture once:
/// converted in the app (`CairoSurface.surface(from:)`), a 50-megapixel image was
/// held twice there, 400 MB.
///
/// The helper writes them from the loader's pixbuf, applying the EXIF orientation as it
/// goes (`gdk_pixbuf_apply_embedded_orientation` would make a whole copy first), a band
/// of rows at a time, and gives each band of the pixbuf back to the system once
/// written (`MADV_DONTNEED`): the pixbuf shrinks as the memory file grows, so the
/// helper holds about one picture rather than two.
package nonisolated enum SurfacePixels {
  /// Rows converted between two releases of the pixbuf's memory: enough to keep a
  /// quarter-turned band's writes in whole cache lines.
  static let band = 64

  /// A sealed memory file of `pixbuf`'s pixels in cairo's layout, turned upright by
  /// the EXIF `orientation` (1–8; anything else counts as 1), and its layout's size,
  /// stride and alpha; `nil` when the pixbuf is not 8-bit RGB or RGBA or the file
  /// cannot be made (out of memory).
  ///
  /// With `consuming`, the pixbuf's pixels are released band by band as they are
  /// written and must not be read again (the helper drops the pixbuf next).
  static func write(_ pixbuf: OpaquePointer, orientation: Int, consuming: Bool) -> (
    descriptor: Int32, size: PixelSize, stride: Int, hasAlpha: Bool
  )? {
    let width = Int(gdk_pixbuf_get_width(pixbuf))
    let height = Int(gdk_pixbuf_get_height(pixbuf))
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
    let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == (hasAlpha ? 4 : 3),
      width > 0, height > 0, let source = gdk_pixbuf_read_pixels(pixbuf)
    else { return nil }
    let layout = Placement(orientation: orientation, width: width, height: height)
    let stride = layout.size.width * 4
    let sourceLength = rowstride * (height - 1) + width * channels
    guard
      let descriptor = SealedMemoryFile.make(
        length: stride * layout.size.height,
        { target in
          let pixels = target.assumingMemoryBound(to: UInt32.self)
          var top = 0
          while top < height {
            let bottom = min(top + band, height)
            convert(
              rows: top..<bottom, of: source, rowstride: rowstride, width: width,
              hasAlpha: hasAlpha, into: pixels, placement: layout)
            if consuming {
              release(
                source + top * rowstride, upTo: source + min(bottom * rowstride, sourceLength))
            }
            top = bottom
          }
        })
    else { return nil }
    return (descriptor, layout.size, stride, hasAlpha)
  }

  /// A sealed memory file of `document` rendered at `size` (premultiplied ARGB32,
  /// drawn by librsvg straight into the file), and its stride; `nil` when librsvg
  /// cannot render it or the file cannot be made.
  static func render(_ document: SvgDocument, at size: PixelSize) -> (
    descriptor: Int32, stride: Int
  )? {
    guard size.width > 0, size.height > 0, document.size.width > 0 else { return nil }
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(size.width)))
    let region = RenderRegion(
      scale: Double(size.width) / Double(document.size.width), x: 0, y: 0, width: size.width,
      height: size.height)
    var rendered = false
    let descriptor = SealedMemoryFile.make(length: stride * size.height) { mapping in
      guard
        let surface = cairo_image_surface_create_for_data(
          mapping.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(size.width),
          Int32(size.height), Int32(stride))
      else { return }
      defer { cairo_surface_destroy(surface) }
      rendered = document.draw(region, on: surface)
    }
    guard let descriptor else { return nil }
    guard rendered else {
      close(descriptor)
      return nil
    }
    return (descriptor, stride)
  }

  /// Where each source pixel goes: the pixel at (x, y) lands at
  /// `origin + x * stepX + y * stepY` (in pixels) of a `size` image, rows `size.width`
  /// apart. The EXIF orientations, as `gdk_pixbuf_apply_embedded_orientation` applies
  /// them: 2 mirrors, 3 turns half, 4 flips, 5 transposes, 6 turns a quarter clockwise,
  /// 7 transposes the other way, 8 turns a quarter counter-clockwise.
  struct Placement {
    let size: PixelSize
    let origin: Int
    let stepX: Int
    let stepY: Int
    var isTransposed: Bool { abs(stepY) == 1 }

    init(orientation: Int, width w: Int, height h: Int) {
      let transposes = (5...8).contains(orientation)
      size = transposes ? PixelSize(width: h, height: w) : PixelSize(width: w, height: h)
      let s = size.width
      (origin, stepX, stepY) =
        switch orientation {
        case 2: (w - 1, -1, s)
        case 3: ((h - 1) * s + w - 1, -1, -s)
        case 4: ((h - 1) * s, 1, -s)
        case 5: (0, s, 1)
        case 6: (h - 1, s, -1)
        case 7: ((w - 1) * s + h - 1, -s, -1)
        case 8: ((w - 1) * s, -s, 1)
        default: (0, 1, s)
        }
    }
  }

  /// Converts `rows` of the pixbuf pixels at `source` into cairo pixels at their places
  /// in `target`. A quarter turn walks the band column by column, so each target row
  /// gets a run of neighbouring pixels.
  private static func convert(
    rows: Range<Int>, of source: UnsafePointer<UInt8>, rowstride: Int, width: Int,
    hasAlpha: Bool, into target: UnsafeMutablePointer<UInt32>, placement: Placement
  ) {
    let channels = hasAlpha ? 4 : 3
    @inline(__always) func pixel(_ x: Int, _ y: Int) -> UInt32 {
      let p = source + y * rowstride + x * channels
      let red = UInt32(p[0])
      let green = UInt32(p[1])
      let blue = UInt32(p[2])
      guard hasAlpha else { return 0xFF00_0000 | red << 16 | green << 8 | blue }
      let alpha = UInt32(p[3])
      // Premultiplied, rounded: (c × a + 127) / 255, as CairoSurface does.
      // (Shifts bind tighter than multiplication in Swift: every term is bracketed.)
      return alpha << 24 | ((red * alpha + 127) / 255) << 16
        | ((green * alpha + 127) / 255) << 8 | (blue * alpha + 127) / 255
    }
    let origin = placement.origin
    let stepX = placement.stepX
    let stepY = placement.stepY
    if placement.isTransposed {
      for x in 0..<width {
        var at = origin + x * stepX + rows.lowerBound * stepY
        for y in rows {
          target[at] = pixel(x, y)
          at += stepY
        }
      }
    } else {
      for y in rows {
        var at = origin + y * stepY
        for x in 0..<width {
          target[at] = pixel(x, y)
          at += stepX
        }
      }
    }
  }

  /// Gives the whole pages between `start` and `end` back to the system: read again,
  /// they would be zeros.
  private static func release(_ start: UnsafePointer<UInt8>, upTo end: UnsafePointer<UInt8>) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let first = (Int(bitPattern: start) + page - 1) / page * page
    let last = Int(bitPattern: end) / page * page
    guard last > first, let address = UnsafeMutableRawPointer(bitPattern: first) else { return }
    _ = madvise(address, last - first, MADV_DONTNEED)
  }

  /// A cairo surface over the pixels in `descriptor` (`size`, rows `stride` bytes apart,
  /// ARGB32 with `hasAlpha`, else RGB24), mapped without copying; `nil` unless the file
  /// is sealed and large enough. Does not take `descriptor`.
  static func map(_ descriptor: Int32, size: PixelSize, stride: Int, hasAlpha: Bool)
    -> CairoSurface?
  {
    SharedRender.map(
      descriptor, format: hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, size: size,
      stride: stride)
  }
}
