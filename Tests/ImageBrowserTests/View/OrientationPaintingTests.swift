// The strip paints an edit with a cairo transformation: each of the eight orientations puts
// every pixel where `Orientation.map` says.
import CGtk
import Testing

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserTests {
  @Suite("Painting orientations")
  @MainActor
  struct OrientationPaintingTests {
    /// A `width` × `height` ARGB surface whose pixel (x, y) is `y * width + x + 1`.
    static func labelled(width: Int32, height: Int32) -> OpaquePointer {
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
      let stride = Int(cairo_image_surface_get_stride(surface))
      let data = cairo_image_surface_get_data(surface)!
      for y in 0..<Int(height) {
        let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<Int(width) { row[x] = 0xFF00_0000 | UInt32(y * Int(width) + x + 1) }
      }
      cairo_surface_mark_dirty(surface)
      return surface
    }

    static func pixels(_ surface: OpaquePointer) -> [[UInt32]] {
      cairo_surface_flush(surface)
      let width = Int(cairo_image_surface_get_width(surface))
      let stride = Int(cairo_image_surface_get_stride(surface))
      let data = cairo_image_surface_get_data(surface)!
      return (0..<Int(cairo_image_surface_get_height(surface))).map { y in
        let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        return (0..<width).map { row[$0] & 0xFF_FFFF }
      }
    }

    @Test("all eight orientations paint each pixel where the orientation maps it")
    func everyOrientation() {
      let source = Self.labelled(width: 3, height: 2)
      defer { cairo_surface_destroy(source) }
      for value in 1...8 {
        let orientation = Orientation(exif: value)!
        let (width, height) = orientation.swapsDimensions ? (2, 3) : (3, 2)
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(target) }
        let cr = cairo_create(target)!
        OrientationPainting.apply(orientation, width: 3, height: 2, to: cr)
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_paint(cr)
        cairo_destroy(cr)
        var expected = Array(repeating: Array(repeating: UInt32(0), count: width), count: height)
        for y in 0..<2 {
          for x in 0..<3 {
            let moved = orientation.map(x: x, y: y, width: 3, height: 2)
            expected[moved.y][moved.x] = UInt32(y * 3 + x + 1)
          }
        }
        #expect(Self.pixels(target) == expected, "EXIF \(value)")
      }
    }
  }
}
