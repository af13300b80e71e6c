// The header's primary menu, zoom presets and sort popover: items built after the first
// image, or when first opened before it, and working either way.
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

final class HeaderPopupsTests: GUITestCase {
  /// The texts of the mapped labels in `popup`, in order.
  @MainActor private static func shownLabels(in popup: Widget) -> [String] {
    var labels: [String] = []
    ActionTests.forEachDescendant(of: popup) { widget in
      guard widget.isMapped, let label = widget.cast(to: Label.self), !label.text.isEmpty
      else { return }
      labels.append(label.text)
    }
    return labels
  }

  func testTheFirstFrameHasTheButtonsButNotTheItemsWhichFollowTheFirstImage() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      var atFirst: (built: Bool, sensitive: [Bool], menuItems: Int)?
      let browser = h.makeBrowser(expecting: 3) { browser in
        let header = browser.header
        atFirst = (
          header.popupsAreBuilt,
          [header.menuButton, header.sortButton].map(\.isSensitive),
          header.menuButton.popup?.children.count ?? -1
        )
      }
      XCTAssertEqual(atFirst?.built, false, "no menu items before the first image")
      XCTAssertEqual(atFirst?.menuItems, 0, "the primary menu is there, empty")
      XCTAssertEqual(atFirst?.sensitive, [true, true], "the buttons are not greyed")
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.deferredParts.isBuilt }, timeout: .seconds(20)))
      let header = browser.header
      XCTAssertTrue(header.popupsAreBuilt)
      let menu = try XCTUnwrap(header.menuButton.popup)
      XCTAssertGreaterThan(menu.children.count, 10, "the primary menu's items")
      XCTAssertTrue(menu.children.allSatisfy(\.isVisible), "shown, as GTK shows a model's")
      let presets = try XCTUnwrap(header.zoomControl.presetsButton.popover)
      XCTAssertNotNil(presets.child, "the zoom presets' items")
      XCTAssertTrue(presets.styleContext?.hasClass("menu") == true, "styled as a model's menu")
      let sort = try XCTUnwrap(header.sortButton.popover)
      XCTAssertNotNil(sort.child, "the sort orders")

      h.press("F10", in: browser)
      h.settle()
      XCTAssertTrue(header.menuButton.isActive, "F10 opens the built menu")
      XCTAssertTrue(Self.shownLabels(in: menu).contains("Open…"))
      menu.deactivate()
      h.settle()
      let count = menu.children.count
      header.buildPopups()
      XCTAssertEqual(menu.children.count, count, "built once")
    }
  }

  func testTheWindowGetsItsIconAfterTheFirstImage() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      var atFirst: String??
      let browser = h.makeBrowser(expecting: 2, iconName: "image-x-generic") {
        atFirst = $0.window.iconName
      }
      XCTAssertEqual(atFirst, .some(nil), "no icon loaded for the first frame")
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.deferredParts.isBuilt }, timeout: .seconds(20)))
      XCTAssertEqual(browser.window.iconName, "image-x-generic", "the window's, after it")
      XCTAssertEqual(Window.defaultIconName, "image-x-generic", "and the dialogs' after it")
    }
  }

  func testMenusOpenedBeforeTheFirstImageAreBuiltWhereTheyOpenAndWork() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      // The user reaches the header before the first image is painted: nothing builds
      // the deferred parts meanwhile.
      let browser = h.makeBrowser(expecting: 3) { browser in
        browser.viewer.onImagePainted = nil
        browser.viewer.onMessageShown = nil
      }
      let header = browser.header
      XCTAssertFalse(header.popupsAreBuilt)

      // The primary menu, opened with F10: its items, inside the window, below the button.
      h.press("F10", in: browser)
      h.settle()
      let menu = try XCTUnwrap(header.menuButton.popup)
      XCTAssertTrue(header.menuButton.isActive && menu.isVisible, "F10 opens the main menu")
      let items = Self.shownLabels(in: menu)
      for name in ["Open…", "Image", "Preferences", "Keyboard Shortcuts", "Help", "Quit"] {
        XCTAssertTrue(items.contains(name), "\(name) is in the menu: \(items)")
      }
      let toplevel = try XCTUnwrap(menu.toplevel)
      XCTAssertGreaterThanOrEqual(
        toplevel.allocatedHeight, menu.children.count * 10, "sized for its items")
      menu.deactivate()
      h.settle()
      XCTAssertFalse(header.menuButton.isActive)

      // The zoom presets: a preset zooms.
      let zoom = header.zoomControl
      zoom.presetsButton.isActive = true
      h.settle()
      let presets = try XCTUnwrap(zoom.presetsButton.popover)
      XCTAssertTrue(presets.isVisible)
      XCTAssertEqual(
        Self.shownLabels(in: presets),
        ["Best Fit", "Fill Width"] + [50, 100, 200, 400].map(Zoom.percentage))
      XCTAssertGreaterThan(presets.allocatedHeight, 6 * 10, "sized for its items")
      var hundred: Widget?
      ActionTests.forEachDescendant(of: presets) { widget in
        if hundred == nil, widget.cast(to: Button.self) != nil,
          Self.shownLabels(in: widget) == [Zoom.percentage(100)]
        {
          hundred = widget
        }
      }
      try XCTUnwrap(hundred?.cast(to: Button.self)).clicked()
      h.settle()
      XCTAssertEqual(browser.viewModel.zoom.value, .scale(1), "100 % chosen")
      XCTAssertEqual(zoom.entry.text, Zoom.percentage(100))
      zoom.presetsButton.isActive = false

      // The sort popover: the order in effect is set, choosing another sorts.
      header.sortButton.isActive = true
      h.settle()
      let sort = try XCTUnwrap(header.sortButton.popover)
      XCTAssertTrue(sort.isVisible)
      XCTAssertTrue(header.popupsAreBuilt, "each built where it opened")
      let labels = Self.shownLabels(in: sort)
      XCTAssertEqual(labels.first, ImageSortOrder.name.title)
      XCTAssertEqual(labels.last, "Reverse Order")
      XCTAssertEqual(header.sortItems[.name]?.isActive, true, "the order in effect")
      XCTAssertTrue(header.sortItems[.name]?.isMapped == true, "the items shown are these")
      header.sortItems[.size]?.isActive = true
      h.settle()
      XCTAssertEqual(browser.viewModel.sortOrder.value, .size)
      header.sortButton.isActive = false
      h.settle()
    }
  }
}
