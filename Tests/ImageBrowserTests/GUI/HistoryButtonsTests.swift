// The mouse's back and forward buttons page.
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

final class HistoryButtonsTests: GUITestCase {
  func testTheMouseBackAndForwardButtonsPage() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let browser = h.makeBrowser(expecting: 3)
      let model = browser.viewModel
      h.click(9, over: browser.viewer.canvas)
      XCTAssertEqual(model.index.value, 1, "forward over the image")
      h.click(9, over: browser.strip.canvas)
      XCTAssertEqual(model.index.value, 2, "forward over the strip")
      h.click(8, over: browser.viewer.canvas)
      XCTAssertEqual(model.index.value, 1, "back")
      h.click(8, over: browser.header.widget)
      XCTAssertEqual(model.index.value, 0, "back over the header bar")
      h.click(8, over: browser.viewer.canvas)
      XCTAssertEqual(model.index.value, 0, "nothing before the first")
    }
  }
}

extension BrowserHarness {
  /// Clicks mouse `button` in the middle of `widget`, as the X server delivers it: to
  /// the window under the pointer, then up the widgets.
  func click(_ button: UInt32, over widget: Widget) {
    clickPointer(
      at: Double(widget.allocatedWidth) / 2, Double(widget.allocatedHeight) / 2, over: widget,
      button: button)
    settle(.milliseconds(50))
  }
}
