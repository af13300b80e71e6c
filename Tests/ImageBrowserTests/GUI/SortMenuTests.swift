// The header bar's sort menu under Xvfb: a radio item sorts the folder, the current image stays.
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

final class SortMenuTests: GUITestCase {
  func testSortMenuSortsAndFollowsTheViewModel() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(6)
      let browser = h.makeBrowser(expecting: 6)
      let model = browser.viewModel
      let items = browser.header.sortItems
      XCTAssertEqual(items.count, ImageSortOrder.allCases.count)
      XCTAssertEqual(items[.name]?.isActive, true)
      h.press("Right", in: browser)
      let current = model.current.value
      XCTAssertEqual(current?.displayName, "photo-2.png")

      // A click on "Size", as the user would give it.
      click(items[.size]!)
      XCTAssertTrue(
        MainLoop.iterate(until: {
          model.items.value.map(\.id) != ImageSortOrder.name.sorted(model.items.value).map(\.id)
        }), "the folder is sorted by size")
      XCTAssertEqual(model.sortOrder.value, .size)
      XCTAssertEqual(items[.size]?.isActive, true)
      XCTAssertEqual(items[.name]?.isActive, false)
      let sizes = model.items.value.map { $0.withFileFacts().byteCount ?? -1 }
      XCTAssertEqual(sizes, sizes.sorted())
      XCTAssertEqual(model.current.value?.id, current?.id, "the current image stays current")
      XCTAssertEqual(browser.strip.selectedIndex, model.index.value)

      // Sorting from elsewhere moves the radio, without echoing back.
      model.sort(by: .name)
      h.settle()
      XCTAssertEqual(items[.name]?.isActive, true)
      XCTAssertEqual(items[.size]?.isActive, false)
      XCTAssertEqual(model.sortOrder.value, .name)
      XCTAssertEqual(model.current.value?.id, current?.id)
    }
  }
}
