// The main menu shows whole in a short window, and opens from F10.
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore

final class MainMenuTests: GUITestCase {
  /// A window of 800 × 390: the default size on a 1600 × 1000 screen at scale 2.
  func testEveryItemOfTheMainMenuShowsInAShortWindow() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      browser.window.resize(800, height: 390)
      h.settle()
      h.press("F10", in: browser)
      h.settle()
      let button = browser.header.menuButton
      XCTAssertTrue(button.isActive, "F10 opens the main menu")
      let menu: Widget = try XCTUnwrap(button.popup ?? button.popover)
      var seen: [String] = []
      var cut: [String] = []
      ActionTests.forEachDescendant(of: menu) { widget in
        guard widget.isMapped, let label = widget.cast(to: Label.self), !label.text.isEmpty,
          let shownIn = label.toplevel
        else { return }
        seen.append(label.text)
        let (_, _, y) = label.translateCoordinates(shownIn, srcX: 0, srcY: 0)
        if y < 0 || y + label.allocatedHeight > shownIn.allocatedHeight { cut.append(label.text) }
      }
      for name in ["Open…", "Image", "Preferences", "Keyboard Shortcuts", "Help", "Quit"] {
        XCTAssertTrue(seen.contains(name), "\(name) is in the menu: \(seen)")
      }
      XCTAssertEqual(cut, [], "items outside the window that shows them")
      // Escape, as a user closes it: the button follows the menu.
      button.popup?.deactivate()
      h.settle()
      XCTAssertFalse(button.isActive)
      XCTAssertFalse(menu.isVisible)
    }
  }
}
