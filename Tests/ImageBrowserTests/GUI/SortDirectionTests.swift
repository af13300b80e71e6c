// The sort menu's direction under Xvfb: Reverse Order runs the folder backwards, and the
// button shows which way it runs.
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

final class SortDirectionTests: GUITestCase {
  @MainActor private static func sortIcon(_ browser: BrowserWindow) -> String? {
    browser.header.sortButton.image?.cast(to: Image.self)?.getIconName().iconName
  }

  func testReverseOrderRunsTheFolderBackwardsAndShowsIt() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      let settings = InMemorySettings()
      let browser = h.makeBrowser(expecting: 4, settings: settings)
      let model = browser.viewModel
      let menu = browser.header.sortMenu
      XCTAssertEqual(menu.reverseItem.isActive, false)
      XCTAssertEqual(Self.sortIcon(browser), "view-sort-ascending-symbolic")
      XCTAssertEqual(browser.header.sortButton.tooltipText, "Sorted by name, A to Z")

      // A click on Reverse Order, as the user would give it.
      toggle(menu.reverseItem)
      XCTAssertTrue(
        MainLoop.iterate(until: { model.items.value.first?.displayName == "photo-4.png" }),
        "the folder runs backwards")
      XCTAssertEqual(
        model.items.value.map(\.displayName),
        ["photo-4.png", "photo-3.png", "photo-2.png", "photo-1.png"])
      XCTAssertEqual(settings.load().sortDescending, true)
      XCTAssertEqual(Self.sortIcon(browser), "view-sort-descending-symbolic")
      XCTAssertEqual(browser.header.sortButton.tooltipText, "Sorted by name, Z to A")
      XCTAssertEqual(browser.strip.selectedIndex, model.index.value)
      browser.header.sortButton.isActive = true
      h.settle()
      _ = h.saveScreenshot(of: browser, named: "sort-reversed")
      browser.header.sortButton.popover?.popdown()
      h.settle()

      // The main menu's item is the same action: it turns the order back, and the
      // popover's check follows.
      browser.window.activateAction("sort-descending")
      h.settle()
      XCTAssertEqual(model.sortDescending.value, false)
      XCTAssertEqual(menu.reverseItem.isActive, false)
      XCTAssertEqual(Self.sortIcon(browser), "view-sort-ascending-symbolic")
      XCTAssertTrue(
        MainLoop.iterate(until: { model.items.value.first?.displayName == "photo-1.png" }))
    }
  }

  func testTheMainMenuOffersReverseOrder() {
    gtk {
      let menu = BrowserMenus.primary()
      XCTAssertTrue(
        Self.actions(of: menu).contains("win.sort-descending"), "Sort By has Reverse Order")
    }
  }

  /// Every action an item of `model` or its submenus names.
  @MainActor static func actions(of model: MenuModel) -> [String] {
    var found: [String] = []
    for index in 0..<model.nItems {
      if let action = model.itemAttributeValue(index, attribute: "action", expectedType: nil)?
        .value(as: String.self)
      {
        found.append(action)
      }
      for link in ["submenu", "section"] {
        if let child = model.itemLink(index, link: link) { found += actions(of: child) }
      }
    }
    return found
  }
}
