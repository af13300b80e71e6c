// The parts the first frame does not show: built after the first image, or when first used.
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

final class DeferredPartsTests: GUITestCase {
  /// What a freshly built window holds of the deferred parts: the grid's page, the
  /// overlays beyond the information and the notices, the sidebar beside the viewer.
  private struct Built: Equatable {
    var gridPage: Bool
    var overlays: Int
    var rowChildren: Int

    init(gridPage: Bool, overlays: Int, rowChildren: Int) {
      self.gridPage = gridPage
      self.overlays = overlays
      self.rowChildren = rowChildren
    }

    @MainActor init(_ browser: BrowserWindow) {
      gridPage = browser.pages.childByName("browse") != nil
      overlays = browser.overlay.children.count
      rowChildren = browser.mainRow.children.count
    }
  }

  func testTheHiddenPartsAreBuiltOnceTheFirstImageIsPaintedAndThenWork() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(6)
      var atFirst: Built?
      let browser = h.makeBrowser(expecting: 6) { atFirst = Built($0) }
      // The pages and the information: the overlay's own child (the pages) is not an
      // overlay but is among its children.
      XCTAssertEqual(
        atFirst, Built(gridPage: false, overlays: 2, rowChildren: 1),
        "no grid, notification bar, fullscreen revealers, unshown-files button, crop bar or sidebar before the first image"
      )
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.deferredParts.isBuilt }, timeout: .seconds(20)),
        "built once the first image is painted")
      XCTAssertNotNil(browser.viewer.surface, "the image is there")
      XCTAssertEqual(
        Built(browser), Built(gridPage: true, overlays: 7, rowChildren: 2),
        "the grid, the button, the revealers, the crop bar and the sidebar, each once")
      XCTAssertEqual(browser.pages.visibleChildName, "viewer", "the viewer still shows")
      XCTAssertFalse(browser.properties.widget.revealChild, "the sidebar stays hidden")
      XCTAssertFalse(browser.fullscreen.topRevealer.isVisible)
      XCTAssertFalse(browser.unshownFiles.widget.isVisible, "every file can be shown")
      XCTAssertTrue(browser.viewer.canvas.hasFocus, "the keys still go to the image")
      XCTAssertEqual(
        browser.overlay.children.map(\.pointer).prefix(4),
        [
          browser.pages.pointer, browser.info.pointer, browser.noticeBar.widget.pointer,
          browser.unshownFiles.widget.pointer,
        ], "the notices over the information and under the rest, as when built with them")
      XCTAssertFalse(browser.noticeBar.widget.revealChild, "no notice yet")
      browser.viewModel.notice.value = Notice(message: "“photo-1.png” saved")
      h.settle()
      XCTAssertTrue(browser.noticeBar.widget.revealChild)
      XCTAssertTrue(browser.noticeBar.label.isVisible, "shown with its bar")
      XCTAssertTrue(browser.noticeBar.closeButton.isVisible)
      XCTAssertFalse(browser.noticeBar.undoButton.isVisible, "nothing to undo")
      XCTAssertEqual(browser.noticeBar.label.text, "“photo-1.png” saved")
      browser.viewModel.notice.value = nil
      h.settle()

      h.press("b", in: browser)
      XCTAssertEqual(browser.pages.visibleChildName, "browse")
      XCTAssertTrue(browser.grid.canvas.hasFocus)
      h.press("Right", in: browser)
      XCTAssertEqual(browser.viewModel.index.value, 1, "the grid's keys move the index")
      h.press("Return", in: browser)
      XCTAssertEqual(browser.pages.visibleChildName, "viewer")
      h.press("F11", in: browser)
      XCTAssertTrue(browser.fullscreen.topRevealer.isVisible)
      XCTAssertEqual(browser.stripArea.parent?.pointer, browser.fullscreen.bottomRevealer.pointer)
      h.press("F11", in: browser)
      h.press("Return", alt: true, in: browser)
      XCTAssertTrue(browser.properties.widget.revealChild)
      h.settle()
    }
  }

  func testBrowseModeBeforeTheFirstImageBuildsTheGridAtOnce() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(12)
      let browser = h.makeBrowser(expecting: 12) { $0.viewModel.isBrowsing.value = true }
      XCTAssertEqual(browser.pages.visibleChildName, "browse")
      XCTAssertTrue(browser.grid.canvas.hasFocus)
      XCTAssertFalse(browser.stripArea.isVisible)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.grid.showsThumbnail(ofCell: 0) }, timeout: .seconds(20)),
        "the grid's thumbnails arrive")
      h.press("Right", in: browser)
      XCTAssertEqual(browser.viewModel.index.value, 1)
      XCTAssertEqual(browser.overlay.children.count, 2, "nothing else built yet")
      h.press("Return", in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.deferredParts.isBuilt }, timeout: .seconds(20)),
        "the rest follows the first image")
      XCTAssertEqual(Built(browser), Built(gridPage: true, overlays: 7, rowChildren: 2))
    }
  }

  func testFullscreenAndTheSidebarBeforeTheFirstImageAreBuiltAtOnce() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      var overlays = 0
      let browser = h.makeBrowser(expecting: 3) { browser in
        browser.viewModel.preferences.showsProperties.value = true
        browser.window.activateAction("fullscreen")
        overlays = browser.overlay.children.count
      }
      XCTAssertEqual(overlays, 5, "fullscreen's revealers, after the unshown-files button")
      XCTAssertTrue(browser.viewModel.isFullscreen.value)
      XCTAssertFalse(browser.header.widget.isVisible)
      XCTAssertFalse(browser.properties.widget.isVisible, "fullscreen hides the sidebar")
      XCTAssertTrue(browser.fullscreen.topRevealer.isVisible)
      XCTAssertEqual(browser.stripArea.parent?.pointer, browser.fullscreen.bottomRevealer.pointer)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.deferredParts.isBuilt }, timeout: .seconds(20)),
        "the rest follows the first image")
      XCTAssertEqual(
        browser.overlay.children.map(\.pointer).suffix(4),
        [
          browser.unshownFiles.widget.pointer, browser.fullscreen.topRevealer.pointer,
          browser.fullscreen.bottomRevealer.pointer, browser.editing.bar.widget.pointer,
        ], "the crop bar goes over the revealers, as when they were all built at once")
      XCTAssertEqual(
        browser.overlay.children.map(\.pointer).prefix(3),
        [browser.pages.pointer, browser.info.pointer, browser.noticeBar.widget.pointer],
        "the notification bar, built after fullscreen, goes under it")
      browser.window.activateAction("fullscreen")
      XCTAssertTrue(browser.header.widget.isVisible)
      XCTAssertTrue(browser.properties.widget.isVisible)
      XCTAssertTrue(browser.properties.widget.revealChild)
      h.settle()
    }
  }

  func testANoticeBeforeTheFirstImageBuildsTheNotificationBarAtOnce() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      var overlays: (before: Int, after: Int) = (0, 0)
      let browser = h.makeBrowser(expecting: 3) { browser in
        overlays.before = browser.overlay.children.count
        browser.viewModel.notice.value = Notice(
          message: "Cannot open the help: no browser", isFailure: true)
        overlays.after = browser.overlay.children.count
      }
      XCTAssertEqual(overlays.before, 2, "the pages and the information only")
      XCTAssertEqual(overlays.after, 3, "the notice built the bar, over the information")
      XCTAssertEqual(
        browser.overlay.children.map(\.pointer)[2], browser.noticeBar.widget.pointer,
        "the bar the notice built, over the information")
      XCTAssertTrue(browser.noticeBar.widget.revealChild)
      XCTAssertTrue(browser.noticeBar.widget.isVisible)
      XCTAssertTrue(browser.noticeBar.label.isVisible)
      XCTAssertEqual(browser.noticeBar.label.text, "Cannot open the help: no browser")
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.deferredParts.isBuilt }, timeout: .seconds(20)))
      XCTAssertEqual(
        browser.overlay.children.map(\.pointer).prefix(4),
        [
          browser.pages.pointer, browser.info.pointer, browser.noticeBar.widget.pointer,
          browser.unshownFiles.widget.pointer,
        ], "built once, where it goes")
      XCTAssertEqual(Built(browser), Built(gridPage: true, overlays: 7, rowChildren: 2))
      browser.noticeBar.closeButton.clicked()
      XCTAssertNil(browser.viewModel.notice.value, "its close button works")
      XCTAssertFalse(browser.noticeBar.widget.revealChild)
    }
  }

  func testAFolderWithNothingToShowBuildsThePartsOnceItsMessageShows() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      let browser = h.makeBrowser(expecting: 0)
      XCTAssertEqual(browser.viewer.widget.visibleChildName, "message")
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.deferredParts.isBuilt }, timeout: .seconds(20)),
        "no image is coming: the parts are built anyway")
      XCTAssertEqual(Built(browser), Built(gridPage: true, overlays: 7, rowChildren: 2))
      h.press("b", in: browser)
      XCTAssertEqual(browser.pages.visibleChildName, "browse")
    }
  }

  func testARightClickInTheGridBuiltLaterOpensTheImageMenu() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      let browser = h.makeBrowser(expecting: 4)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.deferredParts.isBuilt }, timeout: .seconds(20)))
      h.press("b", in: browser)
      h.settle()
      BrowseGridTests.click(cell: 2, count: 1, button: 3, in: browser)
      XCTAssertEqual(browser.viewModel.index.value, 2, "the clicked cell is current")
      let menu = try XCTUnwrap(browser.actions?.contextMenu, "the image menu")
      XCTAssertTrue(menu.isVisible)
      menu.popdown()
      h.settle()
    }
  }
}
