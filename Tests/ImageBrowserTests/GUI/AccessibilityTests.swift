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
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

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

  func testHostileNamesShowSafelyEverywhereAndStayOnDisk() throws {
    let folder = self.folder!
    // "a" + RIGHT-TO-LEFT OVERRIDE + "fdp.png" reads "agnp.pdf"; a newline, an escape,
    // and a name in Hebrew.
    let names = ["a\u{202E}fdp.png", "b\nline.png", "c\u{1B}[31m.png", "דוגמה.png"]
    let isolate = "\u{2068}"
    let pop = "\u{2069}"
    let shown = [
      isolate + "a\u{FFFD}fdp.png" + pop, "b␊line.png", "c␛[31m.png", isolate + "דוגמה.png" + pop,
    ]
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      for (index, name) in names.enumerated() {
        h.save(
          h.makePixbuf(width: 40, height: 30, rgba: UInt32(0x2040_60FF + index << 24)),
          to: folder.appendingPathComponent(name))
      }
      let browser = h.makeBrowser(expecting: 4)
      let strip = browser.strip
      h.press("Return", alt: true, in: browser)
      for position in 0..<4 {
        let name = shown[position]
        let where_ = "image \(position + 1)"
        XCTAssertEqual(
          browser.window.title, "\(name) (\(position + 1) of 4) — Image Browser", where_)
        XCTAssertEqual(browser.header.nameLabel.text, name, where_)
        XCTAssertEqual(browser.window.accessibleName, "\(name), \(position + 1) of 4", where_)
        XCTAssertEqual(
          browser.viewer.canvas.accessibleName, "\(name), \(position + 1) of 4", where_)
        XCTAssertTrue(
          MainLoop.iterate(until: { browser.properties.nameLabel.text == name }),
          "\(where_): the properties sidebar shows \(browser.properties.nameLabel.text)")
        XCTAssertEqual(h.hoverThumbnail(position, in: browser), name, where_)
        XCTAssertEqual(strip.cells.items.map(\.name), shown, where_)
        h.press("Right", in: browser)
      }
      let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      XCTAssertEqual(Set(onDisk), Set(names), "the files keep their names, byte for byte")
    }
  }
}
