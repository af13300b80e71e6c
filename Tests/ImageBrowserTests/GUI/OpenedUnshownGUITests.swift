// Opening by name a file that cannot be shown, in the window: its folder, the notice, the list.
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

final class OpenedUnshownGUITests: GUITestCase {
  func testOpeningAFileThatCannotBeShownShowsItsFolderAndSaysWhy() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let cr3 = folder.appendingPathComponent("IMG_0099.CR3")
      try Data("raw".utf8).write(to: cr3)
      // Opened as the command line opens it: before the window exists.
      let browser = h.makeBrowser(expecting: 3, opening: cr3)
      XCTAssertEqual(browser.viewModel.current.value?.displayName, "photo-1.png")
      let notice = browser.noticeBar
      XCTAssertTrue(notice.widget.revealChild)
      XCTAssertEqual(
        notice.label.text,
        "“IMG_0099.CR3” cannot be shown: no image loader installed here reads CR3 files. "
          + "The other files of its folder are shown.")
      XCTAssertFalse(notice.undoButton.isVisible, "nothing to undo")
      let button = browser.unshownFiles
      XCTAssertTrue(MainLoop.iterate(until: { button.widget.isVisible }))
      XCTAssertEqual(button.label.text, "1 file cannot be shown")
      XCTAssertEqual(
        button.list.text, "IMG_0099.CR3 — No image loader installed here reads CR3 files.")
      _ = h.saveScreenshot(of: browser, named: "opened-unshown")
      // Paging is moving on: the notice goes.
      h.press("Right", in: browser)
      XCTAssertTrue(MainLoop.iterate(until: { !notice.widget.revealChild }))
    }
  }

  func testAllFieldsListsTheCurrentImagesTagsAndFollowsIt() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      let jpeg = folder.appendingPathComponent("a-camera.jpg")
      XCTAssertTrue(TestImages.write(to: jpeg, width: 120, height: 80))
      XCTAssertTrue(
        ExifWriter.write(
          ExifWriter.camera.merging(["Exif.Image.Artist": "Ada\u{202E}evil"]) { $1 }, to: jpeg))
      h.makeImages(1)
      let browser = h.makeBrowser(expecting: 2, metadata: Exiv2MetadataReader())
      browser.window.activateAction("all-fields")
      let fields = try XCTUnwrap(browser.viewControls.fieldsWindow)
      XCTAssertTrue(fields.window.isVisible)
      XCTAssertTrue(fields.window.titlebar?.isVisible == true, "its header bar shows")
      XCTAssertTrue(MainLoop.iterate(until: { fields.shown?.fields != nil }))
      let values = fields.valueLabels.map(\.text)
      XCTAssertTrue(values.contains("Canon"), "\(values)")
      XCTAssertTrue(values.contains("F2.8"))
      XCTAssertTrue(
        values.contains("\u{2068}Ada\u{FFFD}evil\u{2069}"), "the override made visible, inert")
      XCTAssertTrue(fields.valueLabels.allSatisfy(\.isSelectable), "values can be copied")
      XCTAssertTrue(fields.text.contains("Exif.Image.Make\tCanon"))
      // The next image has no metadata: the window follows and says so.
      h.press("Right", in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: {
          fields.shown?.name == "photo-1.png" && fields.shown?.fields != nil
        })
      )
      XCTAssertEqual(
        fields.messageLabel.label, "This file carries no EXIF, IPTC or XMP metadata.")
      XCTAssertFalse(fields.copyButton.isSensitive)
      fields.window.destroy()
      XCTAssertTrue(MainLoop.iterate(until: { browser.viewControls.fieldsWindow == nil }))
    }
  }
}
