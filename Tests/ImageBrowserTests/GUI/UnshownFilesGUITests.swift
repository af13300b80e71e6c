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
      let browser = h.makeBrowser(expecting: 2)
      let button = browser.unshownFiles
      XCTAssertTrue(MainLoop.iterate(until: { button.widget.isVisible }), "the folder says so")
      XCTAssertEqual(button.label.text, "2 files cannot be shown")
      XCTAssertEqual(button.list.text, "IMG_0001.CR3\nlayers.psd", "listed on request")
      h.saveScreenshot(of: browser, named: "unshown-files")
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
