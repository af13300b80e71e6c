// The viewer's pixels in cairo's layout: written upright in one pass by a helper, mapped
// by the app as they are, turned for an edit as a surface, and read back as a pixbuf.
import CImaging
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Surface pixels")
  @MainActor
  struct SurfacePixelsTests {
    /// A `width` × `height` pixbuf whose every pixel differs (alpha varying too, with
    /// `alpha`), tagged with the EXIF `orientation` as gdk-pixbuf's loaders tag it.
    static func pattern(width: Int, height: Int, alpha: Bool, orientation: Int? = nil)
      -> OpaquePointer
    {
      let pixbuf = gdk_pixbuf_new(
        GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(width), Int32(height))!
      let channels = alpha ? 4 : 3
      let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
      let pixels = gdk_pixbuf_get_pixels(pixbuf)!
      for y in 0..<height {
        for x in 0..<width {
          let p = pixels + y * stride + x * channels
          p[0] = UInt8(truncatingIfNeeded: x * 7 + y)
          p[1] = UInt8(truncatingIfNeeded: y * 13 + x * 3)
          p[2] = UInt8(truncatingIfNeeded: x * y)
          if alpha { p[3] = UInt8(truncatingIfNeeded: 40 + (x + y) * 5) }
        }
      }
      if let orientation { gdk_pixbuf_set_option(pixbuf, "orientation", "\(orientation)") }
      return pixbuf
    }

    /// Every pixel of an image surface, as cairo stores it.
    static func words(_ surface: OpaquePointer) -> [UInt32] {
      cairo_surface_flush(surface)
      let width = Int(cairo_image_surface_get_width(surface))
      let height = Int(cairo_image_surface_get_height(surface))
      let stride = Int(cairo_image_surface_get_stride(surface))
      let data = cairo_image_surface_get_data(surface)!
      var words: [UInt32] = []
      let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
      for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        // RGB24 leaves the top byte undefined: compare the colour only.
        words += (0..<width).map { opaque ? row[$0] & 0x00FF_FFFF : row[$0] }
      }
      return words
    }

    /// Where two pixel lists first differ, in words; `nil` when they are equal.
    static func difference(_ a: [UInt32], _ b: [UInt32]) -> String? {
      guard a != b else { return nil }
      guard a.count == b.count else { return "\(a.count) pixels against \(b.count)" }
      let index = a.indices.first { a[$0] != b[$0] }!
      let count = a.indices.filter { a[$0] != b[$0] }.count
      return "\(count) pixels differ, the first at \(index): "
        + "\(String(a[index], radix: 16)) against \(String(b[index], radix: 16))"
    }

    @Test(
      "written upright in one pass: the pixels of gdk-pixbuf's turn, converted for cairo",
      arguments: 1...8)
    func orientations(orientation: Int) throws {
      // Rows past the band size, so several bands are written and released.
      for alpha in [false, true] {
        let pixbuf = Self.pattern(
          width: 37, height: SurfacePixels.band * 2 + 9, alpha: alpha, orientation: orientation)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let upright = try #require(gdk_pixbuf_apply_embedded_orientation(pixbuf))
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        let expected = try #require(CairoSurface.surface(from: upright))
        defer { cairo_surface_destroy(expected) }
        let file = try #require(
          SurfacePixels.write(pixbuf, orientation: orientation, consuming: true))
        defer { close(file.descriptor) }
        #expect(file.size.width == Int(gdk_pixbuf_get_width(upright)))
        #expect(file.size.height == Int(gdk_pixbuf_get_height(upright)))
        #expect(file.hasAlpha == alpha)
        let mapped = try #require(
          SurfacePixels.map(
            file.descriptor, size: file.size, stride: file.stride, hasAlpha: file.hasAlpha))
        let difference = Self.difference(Self.words(mapped.surface), Self.words(expected))
        #expect(difference == nil, "alpha \(alpha)")
      }
    }

    @Test("only a sealed memory file of cairo's exact layout is mapped")
    func mapsSealedFilesOnly() throws {
      let pixbuf = Self.pattern(width: 10, height: 10, alpha: true)
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      let file = try #require(SurfacePixels.write(pixbuf, orientation: 1, consuming: false))
      defer { close(file.descriptor) }
      #expect(
        SurfacePixels.map(
          file.descriptor, size: PixelSize(width: 10, height: 11), stride: 40, hasAlpha: true)
          == nil, "larger than the file")
      #expect(
        SurfacePixels.map(
          file.descriptor, size: PixelSize(width: 10, height: 10), stride: 44, hasAlpha: true)
          == nil, "not cairo's stride")
      #expect(
        SurfacePixels.map(
          file.descriptor, size: PixelSize(width: 10, height: 10), stride: 40, hasAlpha: true)
          != nil)
    }

    @Test("an image that came as a surface turns for an edit as gdk-pixbuf turns it")
    func editsOfSurfaces() throws {
      let pixbuf = Self.pattern(width: 23, height: 11, alpha: true)
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      let surface = try #require(CairoSurface(copying: pixbuf))
      let image = DecodedImage(
        surface: surface, fullSize: PixelSize(width: 46, height: 22), kind: .still)
      for quarterTurns in 0..<4 {
        for mirrored in [false, true] {
          let orientation = Orientation(quarterTurns: quarterTurns, mirrored: mirrored)
          let turned = image.transformed(by: orientation)
          let expected = try #require(PixbufOrientation.apply(orientation, to: pixbuf))
          defer { g_object_unref(UnsafeMutableRawPointer(expected)) }
          let expectedSurface = try #require(CairoSurface(copying: expected))
          let label = "\(quarterTurns) turns, mirrored \(mirrored)"
          let turnedWords = Self.words(try #require(turned.surface))
          withExtendedLifetime(turned) {}
          let difference = Self.difference(turnedWords, Self.words(expectedSurface.surface))
          #expect(difference == nil, "\(label)")
          #expect(
            turned.fullSize
              == (orientation.swapsDimensions ? PixelSize(width: 22, height: 46) : image.fullSize),
            "\(label)")
        }
      }
    }

    @Test("a surface's pixbuf, made when asked for, has the colours it was made from")
    func pixbufFromSurface() throws {
      for alpha in [false, true] {
        let pixbuf = Self.pattern(width: 9, height: 7, alpha: alpha)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let surface = try #require(CairoSurface(copying: pixbuf))
        let image = DecodedImage(surface: surface, fullSize: surface.size, kind: .still)
        let back = image.pixbuf
        #expect(gdk_pixbuf_get_has_alpha(back) == (alpha ? 1 : 0))
        let again = try #require(CairoSurface(copying: back))
        // Premultiplying loses colour where alpha is low; cairo's pixels survive exactly.
        let difference = Self.difference(Self.words(again.surface), Self.words(surface.surface))
        #expect(difference == nil, "alpha \(alpha)")
      }
    }
  }
}
