// Pinching the viewer through GTK's own gesture: touchpad pinches (begin, updates, end or
// cancel) and a two-finger touch-screen pinch, checked in the zoom field and on screen.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

final class PinchGUITests: GUITestCase {
  /// A 1600 × 1200 image whose colour says where a pixel is: red grows to the right,
  /// green downwards; blue marks a grid every 100 pixels, for a person looking at the
  /// screenshots (the checks read red and green only).
  @MainActor
  private static func writeGradient(in harness: BrowserHarness) {
    let width = 1600
    let height = 1200
    let pixbuf = Pixbuf(
      colorspace: .rgb, hasAlpha: false, bitsPerSample: 8, width: width, height: height)!
    let raw = OpaquePointer(pixbuf.pointer)
    let stride = Int(gdk_pixbuf_get_rowstride(raw))
    let pixels = gdk_pixbuf_get_pixels(raw)!
    for y in 0..<height {
      for x in 0..<width {
        let pixel = pixels + y * stride + x * 3
        pixel[0] = UInt8(x * 255 / (width - 1))
        pixel[1] = UInt8(y * 255 / (height - 1))
        pixel[2] = x % 100 < 3 || y % 100 < 3 ? 255 : 96
      }
    }
    harness.save(pixbuf, to: harness.folder.appendingPathComponent("gradient.png"))
  }

  /// The colour the viewer shows at `point` (canvas coordinates), as the X server has it.
  @MainActor
  private static func colour(at point: (x: Double, y: Double), in viewer: ImageViewer) -> [Int] {
    guard let window = gtk_widget_get_window(viewer.canvas.pointer(as: GtkWidget.self)),
      let shot = gdk_pixbuf_get_from_window(window, Int32(point.x), Int32(point.y), 1, 1)
    else { return [] }
    defer { g_object_unref(UnsafeMutableRawPointer(shot)) }
    let pixel = gdk_pixbuf_get_pixels(shot)!
    return (0..<3).map { Int(pixel[$0]) }
  }

  /// The image pixel under `point` (canvas coordinates) as the view model places it.
  @MainActor
  private static func imagePoint(
    under point: (x: Double, y: Double), in browser: BrowserWindow
  ) -> (x: Double, y: Double) {
    let model = browser.viewModel
    guard let geometry = model.geometry.value else { return (.nan, .nan) }
    let scale = geometry.scale(of: model.zoom.value)
    let pan = geometry.clamped(model.state.value.pan, at: scale)
    return (
      (point.x - geometry.viewWidth / 2 - pan.x) / scale + geometry.imageWidth / 2,
      (point.y - geometry.viewHeight / 2 - pan.y) / scale + geometry.imageHeight / 2
    )
  }

  /// Opens the gradient and waits for it: the browser, its fit scale and a point left
  /// of and above the viewer's centre to pinch at.
  @MainActor
  private static func openGradient(
    _ harness: BrowserHarness
  ) -> (browser: BrowserWindow, fit: Double, centre: (x: Double, y: Double)) {
    writeGradient(in: harness)
    let browser = harness.makeBrowser(expecting: 1)
    let model = browser.viewModel
    runMainLoop(until: { model.currentImage.value.image != nil && model.geometry.value != nil })
    harness.settle()
    let geometry = model.geometry.value!
    // Near enough the centre that, twice as large, the image still covers the viewer
    // around the point: the pan is not held back by the image's edges.
    let centre = (
      x: (geometry.viewWidth * 0.45).rounded(), y: (geometry.viewHeight * 0.42).rounded()
    )
    return (browser, geometry.fitScale, centre)
  }

  private static func percent(_ scale: Double) -> String {
    Zoom.percentage(Int((scale * 100).rounded()))
  }

  func testATouchpadPinchZoomsAboutTheFingersAndStays() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      let (browser, fit, centre) = Self.openGradient(h)
      let entry = browser.header.zoomControl.entry
      XCTAssertLessThan(fit, 1, "the image is larger than the viewer")
      XCTAssertEqual(entry.text, Self.percent(fit))
      var shown: [String] = []
      let recording = entry.rx.text.changes.subscribe(next: { shown.append($0) })
      defer { recording.dispose() }
      let under = Self.imagePoint(under: centre, in: browser)
      let colourUnder = Self.colour(at: centre, in: browser.viewer)
      let aside = (x: centre.x + 100, y: centre.y)
      let colourAside = Self.colour(at: aside, in: browser.viewer)
      h.saveScreenshot(of: browser, named: "before-pinch")

      pinch(browser.viewer.canvas, at: centre.x, centre.y, scales: [1.5, 2])

      XCTAssertEqual(shown, [Self.percent(fit * 1.5), Self.percent(fit * 2)], "the zoom field")
      XCTAssertEqual(browser.viewModel.zoom.value, .scale(fit * 2))
      let now = Self.imagePoint(under: centre, in: browser)
      XCTAssertEqual(now.x, under.x, accuracy: 0.5, "the same image point under the fingers")
      XCTAssertEqual(now.y, under.y, accuracy: 0.5)
      h.settle(.milliseconds(500))
      XCTAssertEqual(browser.viewModel.zoom.value, .scale(fit * 2), "ended: the zoom stays")
      XCTAssertNil(browser.viewModel.state.value.pinch)
      // On screen: the colour under the fingers is the same, the one 100 pixels aside
      // is nearer it (the image is twice as large).
      let colourUnderNow = Self.colour(at: centre, in: browser.viewer)
      for channel in 0..<2 {
        XCTAssertEqual(colourUnderNow[channel], colourUnder[channel], accuracy: 2, "\(channel)")
      }
      let asideNow = Self.colour(at: aside, in: browser.viewer)
      let before = colourAside[0] - colourUnder[0]
      XCTAssertEqual(Double(asideNow[0] - colourUnderNow[0]), Double(before) / 2, accuracy: 2)
      h.saveScreenshot(of: browser, named: "pinched")

      // Pinches one right after the other: each scales from where the last left it.
      pinch(browser.viewer.canvas, at: centre.x, centre.y, scales: [1.5])
      pinch(browser.viewer.canvas, at: centre.x, centre.y, scales: [1.5])
      XCTAssertEqual(entry.text, Self.percent(fit * 4.5))
    }
  }

  func testACancelledTouchpadPinchPutsTheZoomBack() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      let (browser, fit, centre) = Self.openGradient(h)
      let entry = browser.header.zoomControl.entry
      let model = browser.viewModel
      // From a zoomed, panned view, so putting it back is not just fitting again.
      model.zoomToActualSize(about: (centre.x, centre.y))
      h.settle()
      let before = model.state.value
      var shown: [String] = []
      let recording = entry.rx.text.changes.subscribe(next: { shown.append($0) })
      defer { recording.dispose() }

      pinch(browser.viewer.canvas, at: centre.x, centre.y, scales: [1.5], ending: .cancel)

      XCTAssertEqual(shown, [Self.percent(1.5), Self.percent(1)], "zoomed, then put back")
      XCTAssertEqual(model.zoom.value, before.zoom)
      XCTAssertEqual(model.state.value.pan, before.pan)
      XCTAssertNil(model.state.value.pinch)
      XCTAssertNotEqual(fit, 1)
    }
  }

  func testATwoFingerTouchScreenPinchZoomsAboutTheFingers() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      let (browser, fit, centre) = Self.openGradient(h)
      let entry = browser.header.zoomControl.entry
      let under = Self.imagePoint(under: centre, in: browser)

      // Two steps: in the second, the image is already larger than the viewer when the
      // first finger moves, so a drag would pan it.
      touchPinch(browser.viewer.canvas, at: centre.x, centre.y, spread: 100, scales: [1.5, 2])

      XCTAssertEqual(entry.text, Self.percent(fit * 2))
      h.settle()
      let now = Self.imagePoint(under: centre, in: browser)
      // The first finger also presses, drags and is released as a pointer: that must
      // neither pan the image nor fling it on.
      XCTAssertEqual(now.x, under.x, accuracy: 0.5, "the same image point between the fingers")
      XCTAssertEqual(now.y, under.y, accuracy: 0.5)
      h.saveScreenshot(of: browser, named: "touch-pinched")
    }
  }
}
