// The window says how many files of the folder it cannot show, and lists them.
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

final class UnshownFilesGUITests: GUITestCase {
  func testTheFolderSaysWhichFilesCannotBeShown() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      for name in ["IMG_0001.CR3", "layers.psd"] {
        XCTAssertNoThrow(try Data("raw".utf8).write(to: folder.appendingPathComponent(name)))
      }
      XCTAssertNoThrow(try Data("text".utf8).write(to: folder.appendingPathComponent("notes.txt")))
      // A RAW file (TIFF-structured, as DNG is) whose camera embedded no preview: listed
      // with the images by its name, and found out on the pass over the folder.
      XCTAssertTrue(
        TestImages.write(
          to: folder.appendingPathComponent("IMG_0002.DNG"), format: "tiff", rgba: 0x0000_FFFF))
      let browser = h.makeBrowser(expecting: 3)
      let button = browser.unshownFiles
      XCTAssertTrue(MainLoop.iterate(until: { button.widget.isVisible }), "the folder says so")
      XCTAssertEqual(button.label.text, "3 files cannot be shown")
      XCTAssertEqual(
        button.list.text,
        [
          "IMG_0001.CR3 — No image loader installed here reads CR3 files.",
          "IMG_0002.DNG — This camera RAW file carries no embedded preview, and the browser "
            + "cannot develop RAW data itself.",
          "layers.psd — No image loader installed here reads PSD files.",
        ].joined(separator: "\n"), "listed on request, each with why")
      h.saveScreenshot(of: browser, named: "unshown-files")
      button.widget.isActive = true
      h.settle()
      XCTAssertLessThan(
        button.list.allocatedWidth, browser.window.allocatedWidth,
        "the reasons wrap inside the window")
      XCTAssertFalse(button.list.selectionBounds().result, "the list opens with nothing selected")
      h.saveScreenshot(of: browser, named: "unshown-files-listed")
      button.widget.isActive = false
      // Fullscreen shows the image alone.
      h.press("F11", in: browser)
      XCTAssertFalse(button.widget.isVisible)
      h.press("F11", in: browser)
      XCTAssertTrue(button.widget.isVisible)
      // A folder of images only: nothing to say.
      let clean = folder.appendingPathComponent("clean", isDirectory: true)
      XCTAssertNoThrow(
        try FileManager.default.createDirectory(at: clean, withIntermediateDirectories: true))
      XCTAssertNoThrow(
        try FileManager.default.copyItem(
          at: folder.appendingPathComponent("photo-1.png"),
          to: clean.appendingPathComponent("photo-1.png")))
      browser.open([clean])
      XCTAssertTrue(MainLoop.iterate(until: { !button.widget.isVisible }))
    }
  }
}
