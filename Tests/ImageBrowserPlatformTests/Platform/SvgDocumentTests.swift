// SVG at any zoom: a sharp render of the visible region, bounded, and bombs defused.
import CImaging
import Dispatch
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

/// How many pixels of row `y` in `surface`, between `from` and `to`, are neither near
/// black nor near white: 0 or 1 across a sharp edge, several across a blurry ramp.
func intermediates(
  in pixel: (Int, Int) -> UInt32?, row y: Int, from: Int, to: Int
) -> Int {
  (from..<to).filter { x in
    guard let value = pixel(x, y) else { return false }
    let green = Int(value >> 8 & 0xff)
    return green > 40 && green < 215
  }.count
}

/// Runs `body` on another thread and waits at most `seconds`; returns whether it ended.
func finishes(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    body()
    done.signal()
  }
  return done.wait(timeout: .now() + seconds) == .success
}

extension ImageBrowserPlatformTests {
  @Suite("SVG documents")
  @MainActor
  struct SvgDocumentTests {
    /// Black on the left up to x = 20.5, white to the right: an edge inside a pixel.
    static let edge = """
      <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
        <rect width="40" height="40" fill="#fff"/>
        <rect width="20.5" height="40" fill="#000"/>
      </svg>
      """

    @Test("zoomed to 800 %, an edge is one sharp step, not the raster's ramp")
    func sharpAt800Percent() throws {
      let folder = try TemporaryFolder(files: [])
      let url = folder.write("edge.svg", text: Self.edge)
      let image = try ImageDecoder.decode(url, fitting: nil, forViewer: true).get()
      let document = try #require(image.vector, "an SVG keeps its document for the viewer")
      #expect(document.size == PixelSize(width: 40, height: 40))
      // The part of the image drawn at 8× from x = 120 to 200 (the edge at 164).
      let region = RenderRegion(scale: 8, x: 120, y: 100, width: 80, height: 40)
      let render = try #require(document.render(region))
      #expect(render.size == PixelSize(width: 80, height: 40))
      #expect(rgb(render.pixel(x: 10, y: 20)) == 0x000000)
      #expect(rgb(render.pixel(x: 70, y: 20)) == 0xffffff)
      let sharp = intermediates(in: render.pixel, row: 20, from: 0, to: 80)
      #expect(sharp <= 1, "a sharp step: \(sharp) grey pixels")
      // The raster magnified the same 8× (smoothly, as at moderate zoom) is a ramp.
      let raster = try #require(
        gdk_pixbuf_scale_simple(image.pixbuf, 320, 320, GDK_INTERP_BILINEAR))
      defer { g_object_unref(UnsafeMutableRawPointer(raster)) }
      let magnified = try #require(CairoSurface(copying: raster))
      let ramp = intermediates(
        in: { magnified.pixel(x: $0 + 120, y: $1 + 100) }, row: 20, from: 0, to: 80)
      #expect(ramp >= 4, "the raster zoomed is blurry: \(ramp) grey pixels")
    }

    @Test("a render is never larger than asked, and refused beyond the cap")
    func bounded() throws {
      let folder = try TemporaryFolder(files: [])
      let image = try ImageDecoder.decode(
        folder.write("edge.svg", text: Self.edge), fitting: nil, forViewer: true
      ).get()
      let document = try #require(image.vector)
      #expect(
        document.render(RenderRegion(scale: 100, x: 0, y: 0, width: 20_000, height: 20_000)) == nil)
      #expect(document.render(RenderRegion(scale: 1, x: 0, y: 0, width: 0, height: 10)) == nil)
    }

    @Test("SVG bombs (entities, nested uses) and garbage neither crash nor hang")
    func bombs() throws {
      let folder = try TemporaryFolder(files: [])
      var entities = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n<!ENTITY a0 \"lol\">\n"
      for level in 1...12 {
        let previous = String(repeating: "&a\(level - 1);", count: 10)
        entities += "<!ENTITY a\(level) \"\(previous)\">\n"
      }
      entities += """
        ]>
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text>&a12;</text></svg>
        """
      var uses = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
        width="100" height="100"><defs><g id="g0"><rect width="1" height="1"/></g>
        """
      for level in 1...10 {
        uses += "<g id=\"g\(level)\">"
        uses += String(repeating: "<use xlink:href=\"#g\(level - 1)\"/>", count: 10)
        uses += "</g>\n"
      }
      uses += "</defs><use xlink:href=\"#g10\"/></svg>"
      let files = [
        folder.write("entities.svg", text: entities), folder.write("uses.svg", text: uses),
        folder.write("garbage.svg", text: "<svg xmlns=\"http://www.w3.org/2000/svg\"><<<&&&"),
      ]
      for url in files {
        // A hang never ends; the `<use>` bomb takes 4–11 s on a quiet machine, and ten
        // times that under ThreadSanitizer on a slow, loaded one.
        let ended = finishes(within: 180) {
          let result = ImageDecoder.decode(url, fitting: nil, forViewer: true)
          if case .success(let image) = result, let document = image.vector {
            _ = document.render(RenderRegion(scale: 8, x: 0, y: 0, width: 400, height: 300))
          }
        }
        #expect(ended, "\(url.lastPathComponent) decoded and rendered within 180 s")
      }
      // A document made of garbage renders nothing.
      let garbage = SvgDocument(
        data: Data("not xml at all".utf8), size: PixelSize(width: 10, height: 10))
      #expect(garbage.render(RenderRegion(scale: 1, x: 0, y: 0, width: 10, height: 10)) == nil)
    }
  }
}
