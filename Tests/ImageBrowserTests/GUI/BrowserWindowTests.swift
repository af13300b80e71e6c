// The browser under Xvfb: keys page the viewer and the strip follows; a click moves the viewer.
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

final class BrowserWindowTests: GUITestCase {
  private static let count = 30

  func testKeysPageTheViewerAndTheStripFollows() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(Self.count)
      let browser = h.makeBrowser(expecting: Self.count)
      let model = browser.viewModel
      let adjustment = browser.strip.adjustment
      XCTAssertEqual(model.index.value, 0)
      XCTAssertEqual(browser.strip.selectedIndex, 0)
      XCTAssertEqual(browser.window.title, "photo-1.png (1 of 30) — Image Browser")

      var indexChanges: [Int?] = []
      let recording = model.indexChanges.subscribe(next: { indexChanges.append($0) })
      defer { recording.dispose() }

      h.press("Right", in: browser)
      h.press("Right", in: browser)
      h.press("space", in: browser)
      XCTAssertEqual(model.index.value, 3)
      XCTAssertEqual(indexChanges, [1, 2, 3], "one index change per key")
      XCTAssertEqual(browser.strip.selectedIndex, 3)
      XCTAssertEqual(browser.window.title, "photo-4.png (4 of 30) — Image Browser")

      h.press("BackSpace", in: browser)
      XCTAssertEqual(model.index.value, 2)

      // Far along the strip: it scrolls towards the selected cell.
      let before = adjustment.value
      h.press("Page_Down", in: browser)
      for _ in 0..<12 { h.press("Right", in: browser) }
      h.settle()
      XCTAssertEqual(model.index.value, 15)
      XCTAssertEqual(browser.strip.selectedIndex, 15)
      XCTAssertGreaterThan(adjustment.value, before, "the strip scrolled")
      let visible = browser.strip.visibleRange
      XCTAssertNotNil(visible)
      if let visible {
        XCTAssertTrue(visible.contains(15), "cell 15 is on screen: \(visible)")
        let centre = (visible.lowerBound + visible.upperBound) / 2
        XCTAssertLessThanOrEqual(abs(centre - 15), 1, "cell 15 is in the centre: \(visible)")
      }
      XCTAssertEqual(browser.window.title, "photo-16.png (16 of 30) — Image Browser")

      h.press("End", in: browser)
      h.settle()
      XCTAssertEqual(model.index.value, Self.count - 1)
      XCTAssertEqual(browser.strip.selectedIndex, Self.count - 1)
      XCTAssertEqual(
        adjustment.value, adjustment.upper - adjustment.pageSize,
        accuracy: 1)
      XCTAssertFalse(browser.header.nextButton.isSensitive, "next is disabled on the last")
      h.press("Right", in: browser)
      XCTAssertEqual(model.index.value, Self.count - 1, "no paging past the end")

      h.press("Home", in: browser)
      h.settle()
      XCTAssertEqual(model.index.value, 0)
      XCTAssertEqual(adjustment.value, 0, accuracy: 1)
      XCTAssertFalse(browser.header.previousButton.isSensitive)
      XCTAssertTrue(browser.header.nextButton.isSensitive)

      h.press("Left", in: browser)
      XCTAssertEqual(model.index.value, 0, "no paging before the start")
      XCTAssertEqual(browser.strip.userSelectionCount, 0, "programmatic selection never echoed")
    }
  }

  func testShortcutsStopTheirKeysAndTypingReachesTheSearchEntry() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      // Names the typed "si" matches: the debounced filter then keeps every image
      // whenever it fires, so the viewer (not a "no match" message) is there to take
      // the focus back, however slow the machine.
      for index in 1...3 {
        let photo = folder.appendingPathComponent("photo-\(index).png")
        try? FileManager.default.moveItem(
          at: photo, to: folder.appendingPathComponent("sights-\(index).png"))
      }
      let browser = h.makeBrowser(expecting: 3)
      let model = browser.viewModel
      let entry = browser.header.searchEntry
      h.press("f", control: true, in: browser)
      XCTAssertTrue(entry.isFocus, "Ctrl+F focuses the search entry")
      // While the entry has focus, letters are text: "s" is no slideshow, "i" no panel.
      h.press("s", in: browser)
      h.press("i", in: browser)
      XCTAssertEqual(entry.text, "si", "the keys went on to the entry")
      XCTAssertFalse(model.isSlideshowRunning.value)
      XCTAssertFalse(browser.header.infoToggle.isActive)
      // Escape is the window's: it leaves the entry, and is not typed.
      h.press("Escape", in: browser)
      XCTAssertTrue(
        browser.viewer.canvas.isFocus,
        "Escape returns to the viewer (showing \(browser.viewer.widget.visibleChildName), "
          + "\(model.items.value.count) images, entry focused: \(entry.isFocus))")
      XCTAssertEqual(entry.text, "si")
      // Now "i" is a shortcut again, stopped at the window.
      h.press("i", in: browser)
      XCTAssertTrue(browser.header.infoToggle.isActive)
      XCTAssertEqual(entry.text, "si")
    }
  }

  func testAClickedThumbnailStaysUnderThePointer() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(30)
      let browser = h.makeBrowser(expecting: 30)
      let strip = browser.strip
      h.settle()
      guard let visible = strip.visibleRange, visible.count > 3 else {
        return XCTFail("the strip shows no cells")
      }
      let row = visible.upperBound - 1  // whole, right of the centre
      let before = strip.adjustment.value
      let (x, _) = strip.centre(ofRow: row)
      h.clickThumbnail(row, in: browser)
      h.settle()
      XCTAssertEqual(browser.viewModel.index.value, row)
      XCTAssertEqual(strip.adjustment.value, before, "the strip did not move under the pointer")
      strip.hovered(atX: x)
      XCTAssertEqual(
        strip.canvas.tooltipText, browser.viewModel.items.value[row].shownName,
        "the tooltip names the clicked image")
      // Paging still centres the current cell.
      h.press("Right", in: browser)
      XCTAssertEqual(
        strip.adjustment.value, strip.layout.centringOffset(for: row + 1), accuracy: 0.5)
    }
  }

  func testAThumbnailClickMovesTheViewer() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(8)
      let browser = h.makeBrowser(expecting: 8)
      let model = browser.viewModel
      var indexChanges: [Int?] = []
      let recording = model.indexChanges.subscribe(next: { indexChanges.append($0) })
      defer { recording.dispose() }

      h.clickThumbnail(5, in: browser)
      XCTAssertEqual(model.index.value, 5)
      XCTAssertEqual(indexChanges, [5], "one click, one index change")
      XCTAssertEqual(browser.strip.selectedIndex, 5)
      XCTAssertEqual(browser.window.title, "photo-6.png (6 of 8) — Image Browser")
      XCTAssertTrue(
        MainLoop.iterate(until: { model.currentImage.value.item?.displayName == "photo-6.png" }),
        "the viewer shows the clicked image")
      XCTAssertTrue(
        MainLoop.iterate(until: { model.currentImage.value.image != nil }), "decoded")
      XCTAssertEqual(model.currentImage.value.image?.width, 160 + (6 % 4) * 60)

      // The previous button pages back, and the strip follows.
      click(browser.header.previousButton)
      h.settle()
      XCTAssertEqual(model.index.value, 4)
      XCTAssertEqual(browser.strip.selectedIndex, 4)
      XCTAssertEqual(indexChanges, [5, 4])
      h.saveScreenshot(of: browser, named: "image-browser-gui-paged")
    }
  }

  func testABrokenFileShowsAnErrorTileAndMessage() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      try h.makeBrokenImage("photo-2b.jpg")
      let browser = h.makeBrowser(expecting: 4)
      let model = browser.viewModel
      let broken = try XCTUnwrap(model.items.value.firstIndex { $0.displayName == "photo-2b.jpg" })
      XCTAssertEqual(broken, 2, "natural order puts photo-2b after photo-2")
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.strip.content(ofRow: broken) == .error }),
        "the strip shows an error tile")
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.strip.content(ofRow: 0) == .thumbnail }),
        "good images get thumbnails")
      XCTAssertEqual(h.hoverThumbnail(0, in: browser), "photo-1.png")
      let tip = h.hoverThumbnail(broken, in: browser) ?? ""
      XCTAssertTrue(
        tip.hasPrefix("photo-2b.jpg\n") && tip.contains("not an image"),
        "the error tile's tooltip says why: \(tip)")

      h.press("Right", in: browser)
      h.press("Right", in: browser)
      XCTAssertEqual(model.index.value, broken)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.viewer.widget.visibleChildName == "message" }),
        "the viewer shows a message instead of the image")
      XCTAssertTrue(browser.viewer.message.text.contains("photo-2b.jpg"))
      h.saveScreenshot(of: browser, named: "image-browser-gui-broken")

      h.press("Right", in: browser)
      XCTAssertEqual(model.index.value, broken + 1, "paging goes on past it")
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.viewer.widget.visibleChildName == "image" }))
    }
  }

  func testAPathThatDoesNotExistShowsWhyFromTheStart() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      // Opening fails before the window is built: the viewer shows why once it is.
      let browser = h.makeBrowser(expecting: 0, opening: folder.appendingPathComponent("gone.jpg"))
      XCTAssertEqual(browser.viewer.widget.visibleChildName, "message")
      XCTAssertTrue(browser.viewer.message.text.contains("does not exist"))
      XCTAssertTrue(browser.window.title.contains("gone.jpg"))
    }
  }

  func testAnEmptyFolderShowsTheEmptyState() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      let browser = h.makeBrowser(expecting: 0)
      XCTAssertEqual(browser.viewer.widget.visibleChildName, "message")
      XCTAssertTrue(browser.viewer.message.text.contains("There are no images"))
      XCTAssertTrue(browser.window.title.contains("(no images)"))
      XCTAssertFalse(browser.header.nextButton.isSensitive)
      XCTAssertFalse(browser.header.previousButton.isSensitive)
      h.press("Right", in: browser)
      XCTAssertNil(browser.viewModel.index.value)
    }
  }

  func testEveryControlHasAnAccessibleName() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      let header = browser.header
      let named: [(Widget, String)] = [
        (browser.viewer.canvas, "photo-1.png, 1 of 2"), (browser.strip.canvas, "Thumbnails"),
        (header.openButton, "Open"), (header.previousButton, "Previous image"),
        (header.nextButton, "Next image"), (header.zoomInButton, "Zoom in"),
        (header.zoomOutButton, "Zoom out"), (header.zoomFitButton, "Zoom to fit"),
        (header.zoomOriginalButton, "Original size"), (header.slideshowToggle, "Slideshow"),
        (header.infoToggle, "Image information"), (header.fullscreenToggle, "Fullscreen"),
      ]
      for (widget, name) in named { XCTAssertEqual(widget.accessibleName, name) }
    }
  }

  func testZoomKeysAndTheFilter() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(12)
      let browser = h.makeBrowser(expecting: 12)
      let model = browser.viewModel
      XCTAssertTrue(MainLoop.iterate(until: { model.currentImage.value.image != nil }))
      h.press("1", in: browser)
      XCTAssertEqual(model.zoom.value, .scale(1))
      h.press("plus", in: browser)
      XCTAssertEqual(model.zoom.value, .scale(1.5))
      h.press("minus", in: browser)
      XCTAssertEqual(model.zoom.value, .scale(1))
      h.press("f", in: browser)
      XCTAssertEqual(model.zoom.value, .fit)

      // Typing in the search entry filters (after the debounce); keys go to the entry.
      h.press("f", control: true, in: browser)
      browser.header.searchEntry.text = "photo-1"
      XCTAssertTrue(MainLoop.iterate(until: { model.items.value.count == 4 }), "1, 10, 11, 12")
      XCTAssertEqual(browser.strip.itemCount, 4)
      XCTAssertEqual(browser.window.title, "photo-1.png (1 of 4) — Image Browser")
      h.press("Escape", in: browser)
      h.press("Right", in: browser)
      XCTAssertEqual(model.current.value?.displayName, "photo-10.png")
      XCTAssertEqual(browser.strip.selectedIndex, 1)
    }
  }
}
