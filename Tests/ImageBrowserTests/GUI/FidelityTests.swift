// What the viewer paints: animations play (only when seen), transparency on a checkerboard,
// SVG sharp at 800 %.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

/// What the viewer's canvas paints now, drawn into an image surface.
@MainActor
final class CanvasPixels {
  let surface: OpaquePointer
  let width: Int
  let height: Int

  init(_ viewer: ImageViewer) {
    width = Int(viewer.canvas.allocatedWidth)
    height = Int(viewer.canvas.allocatedHeight)
    surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    let cr = cairo_create(surface)
    gtk_widget_draw(viewer.canvas.pointer(as: GtkWidget.self), cr)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
  }

  isolated deinit { cairo_surface_destroy(surface) }

  /// The colour at `x`, `y` as `0xRRGGBB`.
  func rgb(_ x: Int, _ y: Int) -> UInt32 {
    let data = cairo_image_surface_get_data(surface)!
    let stride = Int(cairo_image_surface_get_stride(surface))
    return UnsafeRawPointer(data + y * stride).load(fromByteOffset: x * 4, as: UInt32.self)
      & 0xff_ffff
  }

  /// The colour at the centre.
  var centre: UInt32 { rgb(width / 2, height / 2) }
}

final class FidelityTests: GUITestCase {
  func testAnimatedGIFPlaysAndPausesWhenHidden() throws {
    try checkPlaysAndPausesWhenHidden(
      "spin.gif", Data(GIFWriter.redGreenBlue(width: 120, height: 90, delay: 10)))
  }

  func testAnimatedWebPPlaysAndPausesWhenHidden() throws {
    // Through libwebp (its first frame from the decoder helper): same timing as the GIF.
    try checkPlaysAndPausesWhenHidden(
      "spin.webp",
      Data(WebPWriter.redGreenBlue(width: 120, height: 90, durations: [100, 100, 100])))
  }

  /// `bytes`, a red, green, blue animation of 100 ms frames, plays in the viewer in
  /// order, stops making frames while the window is hidden, and plays on when shown.
  private func checkPlaysAndPausesWhenHidden(_ name: String, _ bytes: Data) throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      try? bytes.write(to: folder.appendingPathComponent(name))
      let browser = h.makeBrowser(expecting: 1)
      // 100 ms per frame: over 1.2 s the centre shows every colour, in order.
      var seen: [UInt32] = []
      let start = ContinuousClock.now
      while ContinuousClock.now - start < .milliseconds(1200) {
        MainLoop.iterate(for: .milliseconds(20))
        let colour = CanvasPixels(browser.viewer).centre
        if seen.last != colour { seen.append(colour) }
      }
      let frames: Set<UInt32> = [0xff0000, 0x00ff00, 0x0000ff]
      XCTAssertEqual(
        Set(seen), frames, "every frame painted: \(seen.map { String($0, radix: 16) })")
      XCTAssertGreaterThanOrEqual(seen.count, 6, "frames changed over time: \(seen.count)")
      for (colour, next) in zip(seen, seen.dropFirst()) {
        let order: [UInt32: UInt32] = [0xff0000: 0x00ff00, 0x00ff00: 0x0000ff, 0x0000ff: 0xff0000]
        XCTAssertEqual(order[colour], next, "frames in order")
      }

      // Hidden, it makes no frames; shown again, it plays on.
      browser.window.hide()
      h.settle(.milliseconds(100))
      let shownBefore = browser.viewer.animation.framesShown
      h.settle(.milliseconds(500))
      XCTAssertEqual(browser.viewer.animation.framesShown, shownBefore, "paused while hidden")
      browser.window.showAll()
      h.settle(.milliseconds(500))
      XCTAssertGreaterThan(browser.viewer.animation.framesShown, shownBefore + 2, "plays again")
    }
  }

  func testTransparencyShowsTheCheckerboardOrTheChosenColour() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      let clear = Pixbuf(
        colorspace: .rgb, hasAlpha: true, bitsPerSample: 8, width: 160, height: 120)!
      clear.fill(0)  // Fully transparent.
      h.save(clear, to: folder.appendingPathComponent("clear.png"))
      let browser = h.makeBrowser(expecting: 1)
      let pixels = CanvasPixels(browser.viewer)
      let (x, y) = (pixels.width / 2, pixels.height / 2)
      // Two neighbouring squares: one light grey, one darker.
      let here = pixels.rgb(x, y)
      let there = pixels.rgb(x + Int(CheckerboardPainter.squareSize), y)
      let greys: Set<UInt32> = [0xcccccc, 0x808080]
      XCTAssertTrue(
        greys.contains(here) && greys.contains(there) && here != there,
        "checkerboard: \(String(here, radix: 16)) next to \(String(there, radix: 16))")
      XCTAssertEqual(pixels.rgb(2, 2), 0x212122, "around the image, the viewer's dark grey")

      browser.viewModel.viewerBackground.value = .color(RGBColor(red: 255, green: 255, blue: 255))
      h.settle(.milliseconds(50))
      let white = CanvasPixels(browser.viewer)
      XCTAssertEqual(white.rgb(x, y), 0xffffff, "the chosen colour under the image")
      XCTAssertEqual(white.rgb(2, 2), 0xffffff, "and around it, as Eye of GNOME paints it")
      h.saveScreenshot(of: browser, named: "fidelity-transparent")
    }
  }

  func testSVGStaysSharpAt800Percent() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      // Black up to x = 20.5, white after: at 800 % the edge falls mid-view.
      let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
          <rect width="40" height="40" fill="#fff"/>
          <rect width="20.5" height="40" fill="#000"/>
        </svg>
        """
      try? Data(svg.utf8).write(to: folder.appendingPathComponent("edge.svg"))
      let browser = h.makeBrowser(expecting: 1)
      browser.viewModel.zoom(by: 8 / browser.viewer.fitScale, fitScale: browser.viewer.fitScale)
      XCTAssertEqual(browser.viewer.scale, 8, accuracy: 0.001)
      // The zoom decodes again at full size, then the sharp render arrives.
      XCTAssertTrue(
        MainLoop.iterate(until: {
          _ = CanvasPixels(browser.viewer)  // Drawing asks for the render.
          return browser.viewer.vector.render?.region.scale == 8
        }), "a sharp render at 800 %")
      let pixels = CanvasPixels(browser.viewer)
      // The edge is at the view's centre + 4 (20.5 × 8 = 164, the image's centre at 160).
      let row = pixels.height / 2
      let centre = pixels.width / 2
      var greys = 0
      for x in (centre - 30)..<(centre + 30) {
        let green = Int(pixels.rgb(x, row) >> 8 & 0xff)
        if green > 40 && green < 215 { greys += 1 }
      }
      XCTAssertLessThanOrEqual(greys, 1, "one sharp step across the edge, not an 8-pixel block")
      XCTAssertEqual(pixels.rgb(centre - 20, row), 0x000000)
      XCTAssertEqual(pixels.rgb(centre + 20, row), 0xffffff)
      h.saveScreenshot(of: browser, named: "fidelity-svg-800")
    }
  }
}
