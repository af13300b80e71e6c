// The main menu shows whole in a short window, and opens from F10 where its button opens it.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

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

  /// F10 places the menu as the button does: its end edge on the button's, below it,
  /// inside the window, left to right and right to left (GTK mirrors the anchors itself).
  func testF10OpensTheMenuBelowTheButtonInEitherDirection() throws {
    let folder = self.folder!
    try gtk {
      for direction in [TextDirection.ltr, .rtl] {
        Widget.setDefaultDirection(direction)
        defer { Widget.setDefaultDirection(.ltr) }
        let h = BrowserHarness(folder: folder)
        defer { h.close() }
        h.makeImages(2)
        let browser = h.makeBrowser(expecting: 2)
        // Room on both sides of the button, so GTK need not slide the menu.
        browser.window.move(300, y: 0)
        browser.window.resize(700, height: 390)
        h.settle()
        h.press("F10", in: browser)
        h.settle()
        let button = browser.header.menuButton
        let menu = try XCTUnwrap(button.popup)
        XCTAssertTrue(menu.isVisible, "\(direction)")
        let (buttonFrame, menuFrame) = (Self.screenFrame(of: button), Self.screenFrame(of: menu))
        let windowFrame = Self.screenFrame(of: browser.header.widget)
        if direction == .ltr {
          XCTAssertEqual(menuFrame.right, buttonFrame.right, accuracy: 2, "right edges")
          XCTAssertLessThanOrEqual(menuFrame.right, windowFrame.right, "inside the window")
        } else {
          XCTAssertEqual(menuFrame.left, buttonFrame.left, accuracy: 2, "left edges")
          XCTAssertGreaterThanOrEqual(menuFrame.left, windowFrame.left, "inside the window")
        }
        XCTAssertGreaterThanOrEqual(menuFrame.top, buttonFrame.bottom - 2, "below the button")
        menu.deactivate()
        h.settle()
        // A click opens it where the menu's alignment says, which GTK's menu button
        // mirrors right to left: at its end edge.
        XCTAssertEqual(menu.halign, .end)
      }
    }
  }

  /// Keys the window handles itself (Delete, Ctrl+C, `+`), not GTK, show in the menus
  /// as GTK's accelerators do.
  func testMenuItemsShowTheKeysTheWindowHandles() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      h.press("Menu", in: browser)
      let menu = try XCTUnwrap(browser.actions?.contextMenu)
      var keys: [String: String] = [:]
      ActionTests.forEachDescendant(of: menu) { widget in
        guard let label = widget.cast(to: AccelLabel.self) else { return }
        var key: guint = 0
        var modifiers = GdkModifierType(0)
        gtk_accel_label_get_accel(label.pointer(as: GtkAccelLabel.self), &key, &modifiers)
        guard key != 0, let name = gtk_accelerator_get_label(key, modifiers) else { return }
        defer { g_free(name) }
        keys[label.text] = String(cString: name)
      }
      XCTAssertEqual(keys["Move to Trash"], "Delete", "\(keys)")
      XCTAssertEqual(keys["Copy"], "Ctrl+C", "\(keys)")
      XCTAssertEqual(keys["Copy Path"], "Shift+Ctrl+C", "\(keys)")
      XCTAssertEqual(keys["Rotate Clockwise"], "Ctrl+R", "GTK's own stay: \(keys)")
      menu.popdown()
      h.settle()
    }
  }

  /// Where `widget` is on the screen.
  @MainActor private static func screenFrame(
    of widget: Widget
  ) -> (left: Int, right: Int, top: Int, bottom: Int) {
    guard let toplevel = widget.toplevel, let origin = toplevel.window?.origin() else {
      XCTFail("the widget is not shown")
      return (0, 0, 0, 0)
    }
    let (_, x, y) = widget.translateCoordinates(toplevel, srcX: 0, srcY: 0)
    let (left, top) = (origin.x + x, origin.y + y)
    return (left, left + widget.allocatedWidth, top, top + widget.allocatedHeight)
  }
}
