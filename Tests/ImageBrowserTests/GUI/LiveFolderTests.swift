// The browser under Xvfb follows its folder: files copied in appear, deleted ones go.
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

final class LiveFolderTests: GUITestCase {
  func testFilesAddedAndDeletedWhileBrowsingAndTheProgressSpinner() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      let browser = h.makeBrowser(expecting: 4)
      let model = browser.viewModel
      XCTAssertTrue(
        MainLoop.iterate(until: {
          (0..<4).allSatisfy { browser.strip.content(ofRow: $0) == .thumbnail }
        }),
        "every thumbnail made")
      XCTAssertTrue(
        MainLoop.iterate(until: { !browser.header.progress.isVisible }),
        "the spinner stops when the work is done")
      h.press("Right", in: browser)
      XCTAssertEqual(model.current.value?.displayName, "photo-2.png")

      // A camera import: three new files at once, one change to the list.
      var counts: [Int] = []
      let recording = model.items.changes.subscribe(next: { counts.append($0.count) })
      defer { recording.dispose() }
      for name in ["photo-0.png", "photo-10.png", "photo-3b.png"] {
        h.save(
          h.makePixbuf(width: 50, height: 40, rgba: 0x3366_99ff),
          to: folder.appendingPathComponent(name))
      }
      XCTAssertTrue(MainLoop.iterate(until: { model.items.value.count == 7 }), "the new files")
      XCTAssertEqual(counts, [7], "one change for the burst")
      XCTAssertEqual(
        model.items.value.map(\.displayName),
        [
          "photo-0.png", "photo-1.png", "photo-2.png", "photo-3.png", "photo-3b.png",
          "photo-4.png", "photo-10.png",
        ])
      XCTAssertEqual(model.current.value?.displayName, "photo-2.png", "the current image stays")
      XCTAssertEqual(browser.strip.itemCount, 7)
      XCTAssertEqual(browser.strip.selectedIndex, 2)

      // The current image deleted: its neighbour takes its place.
      try FileManager.default.removeItem(at: folder.appendingPathComponent("photo-2.png"))
      XCTAssertTrue(MainLoop.iterate(until: { model.items.value.count == 6 }), "the deletion")
      XCTAssertEqual(model.current.value?.displayName, "photo-3.png")
      XCTAssertEqual(browser.window.title, "photo-3.png (3 of 6) — Image Browser")
    }
  }
}
