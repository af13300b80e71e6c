// Browse mode under Xvfb: the grid replaces the viewer, keys and clicks move the one index,
// Return and double clicks open, subfolders and the parent folder navigate.
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

final class BrowseGridTests: GUITestCase {
  func testBSwitchesToTheGridWhoseKeysMoveTheOneIndexAndReturnOpens() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(40)
      let browser = h.makeBrowser(expecting: 40)
      let model = browser.viewModel
      XCTAssertEqual(browser.pages.visibleChildName, "viewer")
      h.press("b", in: browser)
      h.settle()
      XCTAssertTrue(model.isBrowsing.value)
      XCTAssertEqual(browser.pages.visibleChildName, "browse")
      XCTAssertFalse(browser.stripArea.isVisible, "the grid shows the thumbnails: no strip")
      XCTAssertTrue(browser.grid.canvas.hasFocus)
      XCTAssertTrue(browser.header.browseToggle.isActive)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.grid.showsThumbnail(ofCell: 0) }, timeout: .seconds(20)),
        "the first cell's thumbnail arrives")
      let columns = browser.grid.layout.columns
      XCTAssertGreaterThan(columns, 2)
      h.press("Right", in: browser)
      h.press("Down", in: browser)
      XCTAssertEqual(model.index.value, 1 + columns)
      XCTAssertEqual(browser.strip.selectedIndex, 1 + columns, "the strip follows the grid")
      h.press("End", in: browser)
      XCTAssertEqual(model.index.value, 39)
      XCTAssertTrue(browser.grid.visibleRange?.contains(39) == true, "the grid scrolled to it")
      h.press("Page_Up", in: browser)
      XCTAssertEqual(model.index.value, 39 - browser.grid.layout.rowsPerPage * columns)
      h.saveScreenshot(of: browser, named: "browse-grid")
      let chosen = model.index.value
      h.press("Return", in: browser)
      XCTAssertFalse(model.isBrowsing.value)
      XCTAssertEqual(browser.pages.visibleChildName, "viewer")
      XCTAssertTrue(browser.stripArea.isVisible)
      XCTAssertEqual(model.index.value, chosen, "the viewer shows the image the grid had")
      XCTAssertTrue(browser.viewer.canvas.hasFocus)
      // The viewer pages; Escape goes back to the grid, which follows.
      h.press("Right", in: browser)
      h.press("Escape", in: browser)
      XCTAssertTrue(model.isBrowsing.value)
      XCTAssertEqual(model.state.value.focusedCell, (chosen ?? 0) + 1)
      // Fullscreen first: Escape leaves it before it leaves the viewer.
      h.press("Return", in: browser)
      h.press("F11", in: browser)
      XCTAssertTrue(model.isFullscreen.value)
      h.press("Escape", in: browser)
      XCTAssertFalse(model.isFullscreen.value)
      XCTAssertFalse(model.isBrowsing.value)
      h.press("Escape", in: browser)
      XCTAssertTrue(model.isBrowsing.value)
    }
  }

  func testThePathBarShowsTheOpenFolderInBold() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      browser.viewModel.isBrowsing.value = true
      h.settle()
      let buttons = browser.grid.pathBar.buttons
      XCTAssertGreaterThan(buttons.count, 1, "the folders above it too")
      @MainActor func weight(_ button: Button?) throws -> Int? {
        let context = try XCTUnwrap(button?.child?.styleContext)
        return context.property("font-weight", state: context.state, as: Int.self)
      }
      XCTAssertEqual(try weight(buttons.last), 700, "browse mode's style sheet applies")
      XCTAssertEqual(try weight(buttons.first), 400)
    }
  }

  func testOnlyTheCellsInViewDecode() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(300)
      let browser = h.makeBrowser(expecting: 300)
      browser.viewModel.isBrowsing.value = true
      h.settle(.seconds(1))
      let visible = try! XCTUnwrap(browser.grid.visibleRange)
      let columns = browser.grid.layout.columns
      XCTAssertLessThan(visible.count, 100)
      XCTAssertLessThanOrEqual(
        browser.grid.thumbnailsHeld, visible.count + 2 * columns,
        "thumbnails only for the cells in view and a row beyond")
      XCTAssertGreaterThan(browser.grid.thumbnailsHeld, 0)
      // The hidden strip asks for nothing while the grid shows; back in the viewer it does.
      h.press("End", in: browser)
      h.settle(.seconds(1))
      XCTAssertEqual(browser.strip.content(ofRow: 299), .placeholder)
      h.press("Return", in: browser)
      XCTAssertTrue(
        MainLoop.iterate(
          until: { browser.strip.content(ofRow: 299) == .thumbnail }, timeout: .seconds(20)),
        "the strip's cell of the image shown")
    }
  }

  func testSubfoldersOpenByDoubleClickAndAltUpComesBackToThem() throws {
    let folder = self.folder!
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Album"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Zoo"), withIntermediateDirectories: true)
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let album = BrowserHarness(folder: folder.appendingPathComponent("Album"))
      album.makeImages(2)
      let browser = h.makeBrowser(expecting: 3)
      let model = browser.viewModel
      model.isBrowsing.value = true
      XCTAssertTrue(
        MainLoop.iterate(until: { model.state.value.subfolders.count == 2 }), "subfolders listed")
      h.settle()
      XCTAssertEqual(model.state.value.focusedCell, 2, "the first image has the focus")
      XCTAssertEqual(browser.grid.describe(cell: 0), "Folder Album")
      XCTAssertEqual(
        browser.grid.cells.items.map(\.name),
        ["Folder Album", "Folder Zoo", "photo-1.png", "photo-2.png", "photo-3.png"])
      XCTAssertEqual(browser.grid.pathBar.buttons.last?.label, folder.lastPathComponent)
      Self.click(cell: 0, count: 2, in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { model.items.value.count == 2 }), "the subfolder opened")
      XCTAssertTrue(model.isBrowsing.value, "still browsing")
      XCTAssertEqual(browser.grid.pathBar.buttons.last?.label, "Album")
      h.press("Up", alt: true, in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { model.state.value.folderFocus == 0 }),
        "back in the parent, Album focused")
      XCTAssertEqual(model.items.value.count, 3)
      // Shift+click picks a range for Trash; Ctrl+click adds one.
      Self.click(cell: 2, count: 1, in: browser)
      Self.click(cell: 4, count: 1, modifiers: GDK_SHIFT_MASK, in: browser)
      XCTAssertEqual(model.state.value.pickedItems.count, 3)
      Self.click(cell: 3, count: 1, modifiers: GDK_CONTROL_MASK, in: browser)
      XCTAssertEqual(
        model.state.value.pickedItems.map(\.displayName), ["photo-1.png", "photo-3.png"])
      XCTAssertEqual(browser.grid.cells.items.filter(\.isSelected).count, 2)
      h.saveScreenshot(of: browser, named: "browse-grid-folders")
    }
  }

  /// Presses (a double click: twice, the second a `GDK_2BUTTON_PRESS`) the centre of the
  /// grid's cell `cell` with `button` (1, the primary one, by default).
  @MainActor static func click(
    cell: Int, count: Int, modifiers: GdkModifierType = GdkModifierType(rawValue: 0),
    button: UInt32 = 1, in browser: BrowserWindow
  ) {
    let canvas = browser.grid.canvas.pointer(as: GtkWidget.self)
    guard let window = gtk_widget_get_window(canvas) else {
      return XCTFail("the grid is not realized")
    }
    let centre = browser.grid.centre(ofCell: cell)
    var types = [GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE]
    if count == 2 { types += [GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_BUTTON_RELEASE] }
    for type in types {
      let event = gdk_event_new(type)!
      event.pointee.button.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
      event.pointee.button.send_event = 1
      event.pointee.button.button = button
      event.pointee.button.x = centre.x
      event.pointee.button.y = centre.y
      event.pointee.button.state = modifiers.rawValue
      event.pointee.button.time = UInt32(GDK_CURRENT_TIME)
      if let pointer = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_display_get_default()))
      {
        gdk_event_set_device(event, pointer)
      }
      gtk_widget_event(canvas, event)
      gdk_event_free(event)
    }
    MainLoop.iterate(for: .milliseconds(100))
  }
}
