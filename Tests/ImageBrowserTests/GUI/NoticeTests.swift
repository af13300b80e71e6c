// Notices over the viewer: a failure goes when the user moves on.
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

final class NoticeTests: GUITestCase {
  func testAFailureNoticeGoesWhenTheUserMovesOn() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let browser = h.makeBrowser(expecting: 3)
      let model = browser.viewModel
      let failure = Notice(message: "Cannot open the help: no browser", isFailure: true)
      model.notice.value = failure
      h.settle()
      XCTAssertTrue(browser.noticeBar.widget.revealChild)
      h.press("Right", in: browser)
      XCTAssertNil(model.notice.value, "paging hides a failure")
      XCTAssertFalse(browser.noticeBar.widget.revealChild)
      model.notice.value = failure
      model.filterText.value = "photo"
      h.settle()
      XCTAssertNil(model.notice.value, "filtering hides a failure")
      // A notice that is not a failure (one with Undo) stays through paging.
      let success = Notice(message: "“photo-1.png” saved")
      model.notice.value = success
      h.press("Right", in: browser)
      XCTAssertEqual(model.notice.value, success)
    }
  }
}
