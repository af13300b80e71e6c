// The window at any width: the header folds into its menu, the position always shows, the
// strip's tooltip follows a scroll.
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

final class LayoutTests: GUITestCase {
  func testANarrowWindowFoldsTheHeaderAndWorksAt360Pixels() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(5)
      let browser = h.makeBrowser(expecting: 5)
      let header = browser.header
      XCTAssertFalse(header.isCompact)
      for control in header.secondaryControls { XCTAssertTrue(control.isVisible) }
      browser.window.resize(360, height: 600)
      XCTAssertTrue(MainLoop.iterate(until: { header.isCompact }), "narrow below 700 pixels")
      for control in header.secondaryControls { XCTAssertFalse(control.isVisible) }
      XCTAssertFalse(header.searchEntry.isVisible, "the filter folds away")
      let minimum = browser.window.preferredWidth.minimumWidth
      XCTAssertLessThanOrEqual(minimum, 360, "the window can be 360 pixels wide")
      // Folded, the window's minimum width shrinks: now it can be made narrower still.
      browser.window.resize(360, height: 600)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.window.size.width <= 360 }),
        "the window is 360 pixels wide (its allocation adds the decoration's border)")
      // Ctrl+F brings the filter back while it is used.
      h.press("f", control: true, in: browser)
      XCTAssertTrue(header.searchEntry.isVisible)
      XCTAssertTrue(header.searchEntry.isFocus)
      h.press("Escape", in: browser)
      XCTAssertFalse(header.searchEntry.isVisible)
      // Keys still reach every folded action.
      h.press("Right", in: browser)
      XCTAssertEqual(browser.viewModel.index.value, 1)
      browser.window.resize(1250, height: 600)
      XCTAssertTrue(MainLoop.iterate(until: { !header.isCompact }))
      for control in header.secondaryControls { XCTAssertTrue(control.isVisible) }
    }
  }

  func testFillWidthDrawsTheImageAcrossTheViewer() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      XCTAssertTrue(MainLoop.iterate(until: { browser.viewModel.geometry.value != nil }))
      h.press("w", in: browser)
      let geometry = try XCTUnwrap(browser.viewModel.geometry.value)
      XCTAssertEqual(browser.viewModel.zoom.value, .fillWidth)
      XCTAssertEqual(browser.viewer.scale, geometry.fillWidthScale, accuracy: 1e-9)
      XCTAssertEqual(
        browser.header.zoomControl.entry.text,
        Zoom.percentage(Int((geometry.fillWidthScale * 100).rounded())))
    }
  }

  func testALongNameIsShortenedButThePositionAlwaysShows() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let long = String(repeating: "a-very-long-holiday-photo-name-", count: 4) + "1.png"
      try? FileManager.default.moveItem(
        at: folder.appendingPathComponent("photo-1.png"), to: folder.appendingPathComponent(long))
      let browser = h.makeBrowser(expecting: 2)
      browser.window.resize(500, height: 500)
      h.settle()
      let header = browser.header
      XCTAssertEqual(header.nameLabel.text, long)
      XCTAssertEqual(header.nameLabel.ellipsize, .middle)
      XCTAssertEqual(header.positionLabel.text, "(1 of 2)")
      XCTAssertTrue(header.positionLabel.isVisible)
      XCTAssertGreaterThan(header.positionLabel.allocatedWidth, 20, "the position has its room")
      XCTAssertLessThan(
        header.nameLabel.allocatedWidth, header.nameLabel.preferredWidth.naturalWidth,
        "the name is the one shortened")
    }
  }

  func testTheStripTooltipFollowsTheCellUnderAStillPointer() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(40)
      let browser = h.makeBrowser(expecting: 40)
      XCTAssertEqual(h.hoverThumbnail(2, in: browser), "photo-3.png")
      h.press("End", in: browser)
      h.settle()
      let tooltip = try XCTUnwrap(browser.strip.canvas.tooltipText)
      XCTAssertNotEqual(tooltip, "photo-3.png", "the strip scrolled: another cell is under it")
    }
  }
}
