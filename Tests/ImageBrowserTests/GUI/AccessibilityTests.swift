// The browser as assistive technologies see it, through GtkReactive's API (the AT-SPI view
// of the running app is Tests/Accessibility/atspi_test.py).
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform

final class AccessibilityTests: GUITestCase {
  func testTheNamesFollowEveryPage() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let browser = h.makeBrowser(expecting: 3)
      XCTAssertEqual(browser.window.accessibleName, "photo-1.png, 1 of 3")
      XCTAssertEqual(browser.viewer.canvas.accessibleName, "photo-1.png, 1 of 3")
      XCTAssertEqual(browser.viewer.canvas.accessibleRole, .image)
      XCTAssertTrue(browser.viewer.canvas.hasFocus || browser.window.focus == browser.viewer.canvas)
      h.press("Right", in: browser)
      XCTAssertEqual(browser.window.accessibleName, "photo-2.png, 2 of 3")
      XCTAssertEqual(browser.viewer.canvas.accessibleName, "photo-2.png, 2 of 3")
    }
  }

  func testTheStripsCellsAreTheOnesInViewWithTheCurrentSelected() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(120)
      let browser = h.makeBrowser(expecting: 120)
      let strip = browser.strip
      XCTAssertEqual(strip.canvas.accessibleRole, .listBox)
      XCTAssertTrue(strip.canvas.canFocus, "Tab reaches the strip")

      @MainActor func check(current: Int, file: StaticString = #filePath, line: UInt = #line) {
        guard let visible = strip.visibleRange else {
          return XCTFail("the strip is laid out", file: file, line: line)
        }
        let cells = strip.cells.items
        XCTAssertEqual(
          cells.map(\.id), Array(visible), "one cell per cell in view", file: file, line: line)
        XCTAssertEqual(
          cells.map(\.name), visible.map { strip.items[$0].displayName }, file: file, line: line)
        XCTAssertEqual(
          cells.filter(\.isSelected).map(\.id), [current], "the current image is selected",
          file: file, line: line)
        XCTAssertEqual(strip.cells.focusedID, current, file: file, line: line)
        XCTAssertNotNil(
          strip.cells.frame(current), "the current cell is on screen", file: file, line: line)
      }
      check(current: 0)
      h.press("End", in: browser)
      check(current: 119)
      h.press("Left", in: browser)
      check(current: 118)

      // With the strip focused, Right moves its selection: the window's paging, which the
      // strip follows.
      strip.canvas.grabFocus()
      h.press("Right", in: browser)
      XCTAssertTrue(strip.canvas.hasFocus || browser.window.focus == strip.canvas)
      check(current: 119)
      XCTAssertEqual(browser.viewModel.index.value, 119)
    }
  }
}
