// The information over the viewer (I): it names the current image with its facts when it
// shows, follows paging, and is read and formatted only while it shows.
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

final class InfoOverlayTests: GUITestCase {
  func testTheInformationNamesTheCurrentImageWheneverItShows() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let browser = h.makeBrowser(expecting: 3)
      XCTAssertFalse(browser.info.isVisible)
      XCTAssertEqual(browser.info.text, "", "nothing is read or formatted while hidden")

      h.press("i", in: browser)
      XCTAssertTrue(browser.info.isVisible)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.info.text.hasPrefix("photo-1.png\n220 × 170 pixels") }),
        "the first image's name and size, got \(browser.info.text)")
      XCTAssertEqual(
        browser.info.text.split(separator: "\n").count, 4, "name, pixels, bytes and date")

      h.press("Right", in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.info.text.hasPrefix("photo-2.png\n280 × 220 pixels") }),
        "paging updates it, got \(browser.info.text)")

      h.press("i", in: browser)
      XCTAssertFalse(browser.info.isVisible)
      h.press("Right", in: browser)
      XCTAssertTrue(MainLoop.iterate(until: { browser.viewModel.title.value.contains("photo-3") }))
      h.press("i", in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.info.text.hasPrefix("photo-3.png\n340 × 120 pixels") }),
        "shown again after paging while hidden, it names the image on screen, got \(browser.info.text)"
      )
    }
  }
}
