// The browse grid's names: painted centred on the cell's background, shortened in the
// middle to fit, laid out once while in view, and not kept once scrolled away.
import CGtk
import Foundation
import Testing

@testable import ImageBrowser

extension ImageBrowserTests {
  @Suite("Grid captions")
  @MainActor
  struct GridCaptionsTests {
    static let background: UInt32 = 0x24_2426
    static let highlight: UInt32 = 0x35_84e4

    /// A surface `width` × 30 filled with `colour` (0xRRGGBB), and a context on it.
    static func canvas(width: Int32, colour: UInt32) -> (OpaquePointer, OpaquePointer) {
      let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, 30)!
      let cr = cairo_create(surface)!
      cairo_set_source_rgb(
        cr, Double(colour >> 16) / 255, Double(colour >> 8 & 0xFF) / 255,
        Double(colour & 0xFF) / 255)
      cairo_paint(cr)
      return (surface, cr)
    }

    /// The columns holding a pixel other than `colour`.
    static func inkColumns(_ surface: OpaquePointer, besides colour: UInt32) -> [Int] {
      cairo_surface_flush(surface)
      let width = Int(cairo_image_surface_get_width(surface))
      let stride = Int(cairo_image_surface_get_stride(surface))
      let data = cairo_image_surface_get_data(surface)!
      return (0..<width).filter { x in
        (0..<Int(cairo_image_surface_get_height(surface))).contains { y in
          let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
          return row[x] & 0xFF_FFFF != colour
        }
      }
    }

    static func url(_ name: String) -> URL { URL(fileURLWithPath: "/photos/\(name)") }

    @Test("a name is painted centred under its cell, on the grid's background or the highlight")
    func painted() throws {
      for (picked, colour) in [(false, Self.background), (true, Self.highlight)] {
        let (surface, cr) = Self.canvas(width: 160, colour: colour)
        defer {
          cairo_destroy(cr)
          cairo_surface_destroy(surface)
        }
        let captions = GridCaptions(font: "Sans 9")
        captions.beginPaint(room: 142, scale: 1)
        let name = "photo-00001.jpg"
        captions.paint(name, of: Self.url(name), centreX: 80, top: 8, picked: picked, on: cr)
        let ink = Self.inkColumns(surface, besides: colour)
        let first = try #require(ink.first, "the name is painted")
        let last = try #require(ink.last)
        #expect(ink.count > 30, "a name of 15 characters, not a speck")
        #expect(abs((first + last) - 160) <= 4, "centred: \(first)…\(last)")
      }
    }

    @Test("a name too long for the cell is shortened in the middle to fit it")
    func shortened() throws {
      let (surface, cr) = Self.canvas(width: 400, colour: Self.background)
      defer {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
      }
      let captions = GridCaptions(font: "Sans 9")
      captions.beginPaint(room: 142, scale: 1)
      let name = "a very long name of a holiday photo taken at the lake in the evening.jpg"
      captions.paint(name, of: Self.url(name), centreX: 200, top: 8, picked: false, on: cr)
      let ink = Self.inkColumns(surface, besides: Self.background)
      let first = try #require(ink.first)
      let last = try #require(ink.last)
      #expect(last - first + 1 <= 143, "fits the room: \(last - first + 1) px")
      #expect(last - first + 1 > 100, "uses the room")
    }

    @Test("each name is laid out once while in view; names scrolled away are let go")
    func laidOutOnce() {
      let (surface, cr) = Self.canvas(width: 160, colour: Self.background)
      defer {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
      }
      let captions = GridCaptions(font: "Sans 9", limit: 8)
      let screen = (0..<5).map { "photo-\($0).jpg" }
      for _ in 0..<3 {
        captions.beginPaint(room: 142, scale: 1)
        for name in screen {
          captions.paint(name, of: Self.url(name), centreX: 80, top: 8, picked: false, on: cr)
        }
      }
      #expect(captions.layouts == 5, "three frames of the same five cells lay out five names")
      // Scrolling on: five new names a frame, 40 frames.
      for frame in 1...40 {
        captions.beginPaint(room: 142, scale: 1)
        for cell in 0..<5 {
          let name = "photo-\(frame * 5 + cell).jpg"
          captions.paint(name, of: Self.url(name), centreX: 80, top: 8, picked: false, on: cr)
        }
        #expect(captions.held <= 8 + 5, "frame \(frame): \(captions.held) names kept")
      }
      // A new cell size lays them out again (the names are shortened to the width).
      captions.beginPaint(room: 100, scale: 1)
      captions.paint(screen[0], of: Self.url(screen[0]), centreX: 80, top: 8, picked: false, on: cr)
      #expect(captions.layouts == 5 + 200 + 1)
    }
  }
}
