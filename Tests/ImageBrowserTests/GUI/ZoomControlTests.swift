// The zoom field and its presets: insensitive with nothing to zoom; Return gives the keys
// back to the image.
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

final class ZoomControlTests: GUITestCase {
  func testZoomControlsAreInsensitiveWithNothingToZoom() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      // An empty file sorts first: "0-empty.jpg".
      _ = FileManager.default.createFile(
        atPath: folder.appendingPathComponent("0-empty.jpg").path, contents: Data())
      let browser = h.makeBrowser(expecting: 3)
      let zoom = browser.header.zoomControl
      let model = browser.viewModel
      XCTAssertTrue(
        MainLoop.iterate(until: { model.currentImage.value.failureMessage != nil }),
        "the empty file cannot be shown")
      h.settle()
      Self.assertNothingToZoom(browser, "an empty file")
      // An image: the controls work.
      h.press("Right", in: browser)
      XCTAssertTrue(MainLoop.iterate(until: { model.currentImage.value.image != nil }))
      h.settle()
      XCTAssertTrue(zoom.entry.isSensitive)
      XCTAssertTrue(zoom.presetsButton.isSensitive)
      XCTAssertFalse(zoom.entry.text.isEmpty, "the field shows the zoom")
      XCTAssertTrue(browser.window.actionEnabled("zoom-in"))
      // No match.
      model.filterText.value = "no such name"
      XCTAssertTrue(MainLoop.iterate(until: { model.current.value == nil }))
      h.settle()
      Self.assertNothingToZoom(browser, "no match")
    }
  }

  func testZoomControlsAreInsensitiveWhenTheFolderCannotBeOpened() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      let browser = h.makeBrowser(
        expecting: 0, opening: folder.appendingPathComponent("missing", isDirectory: true))
      Self.assertNothingToZoom(browser, "cannot open")
    }
  }

  func testReturnInTheZoomFieldGivesTheKeysBackToTheImage() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let browser = h.makeBrowser(expecting: 3)
      let model = browser.viewModel
      XCTAssertTrue(MainLoop.iterate(until: { model.geometry.value != nil }))
      let entry = browser.header.zoomControl.entry
      entry.grabFocus()
      entry.text = ""
      type("150", into: entry)
      h.press("Return", in: browser)
      XCTAssertEqual(model.zoom.value, .scale(1.5))
      XCTAssertTrue(browser.viewer.canvas.isFocus, "the image has the keys again")
      h.press("Right", in: browser)
      XCTAssertEqual(model.index.value, 1, "Right pages")
      // Escape leaves the field too, and the field shows the zoom, not what was typed.
      entry.grabFocus()
      type("abc", into: entry)
      h.press("Escape", in: browser)
      XCTAssertTrue(browser.viewer.canvas.isFocus, "Escape returns to the image")
      XCTAssertFalse(entry.text.contains("abc"), "the field shows the zoom: \(entry.text)")
    }
  }

  @MainActor private static func assertNothingToZoom(
    _ browser: BrowserWindow, _ situation: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let zoom = browser.header.zoomControl
    XCTAssertFalse(zoom.entry.isSensitive, "\(situation): the field", file: file, line: line)
    XCTAssertEqual(zoom.entry.text, "", "\(situation): no stale zoom", file: file, line: line)
    XCTAssertFalse(
      zoom.presetsButton.isSensitive, "\(situation): the presets", file: file, line: line)
    for action in ["zoom-in", "zoom-out", "zoom-fit", "zoom-original", "zoom-fill-width"] {
      XCTAssertFalse(
        browser.window.actionEnabled(action), "\(situation): \(action)", file: file, line: line)
    }
  }
}
