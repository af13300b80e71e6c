// The window's actions under Xvfb: keys, buttons and menus reach the same GActions; the focus
// keeps the keys it needs; file actions change the folder only as asked.
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

final class ActionTests: GUITestCase {
  private nonisolated static func names(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  func testEveryTableActionIsRegisteredAndItsKeysSplitBetweenGtkAndTheWindow() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      for action in BrowserAction.all where action.scope == .window {
        XCTAssertTrue(browser.window.hasAction(action.name), "win.\(action.name) is registered")
      }
      let accelerators = h.application.accelerators(for: "win.open")
      XCTAssertEqual(accelerators, ["<Primary>o"], "Ctrl+O is a GTK accelerator")
      XCTAssertEqual(
        h.application.accelerators(for: "win.next"), [],
        "plain keys are routed by the window, not GTK")
      XCTAssertTrue(KeyChord("<Primary>p").isAccelerator)
      XCTAssertFalse(KeyChord("<Primary>c").isAccelerator, "Ctrl+C stays the text field's")
      XCTAssertFalse(KeyChord("Delete").isAccelerator)
      XCTAssertTrue(KeyChord("F2").isAccelerator)
    }
  }

  func testSpaceOnAFocusedButtonPressesItAndDoesNotPage() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      let browser = h.makeBrowser(expecting: 4)
      let model = browser.viewModel
      model.zoomToActualSize()
      let fit = browser.header.zoomFitButton
      fit.canFocus = true
      fit.grabFocus()
      h.press("space", in: browser)
      XCTAssertEqual(model.index.value, 0, "Space pressed the button, it did not page")
      XCTAssertEqual(model.zoom.value, .fit, "the focused button was pressed")
      browser.viewer.canvas.grabFocus()
      h.press("space", in: browser)
      XCTAssertEqual(model.index.value, 1, "on the viewer Space pages")
    }
  }

  func testKeysInAnOpenPopoverStayInIt() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      let browser = h.makeBrowser(expecting: 4)
      let model = browser.viewModel
      browser.header.sortButton.isActive = true
      h.settle()
      let radio = try XCTUnwrap(browser.header.sortItems[.name])
      radio.grabFocus()
      XCTAssertTrue(radio.isFocus)
      h.press("Right", in: browser)
      h.press("space", in: browser)
      XCTAssertEqual(model.index.value, 0, "keys in the sort popover do not page")
      browser.header.sortButton.isActive = false
      h.settle()
    }
  }

  func testNoImageMakesImageActionsInsensitive() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      let browser = h.makeBrowser(expecting: 0)
      let header = browser.header
      for button in [
        header.zoomInButton, header.zoomOutButton, header.zoomFitButton,
        header.zoomOriginalButton, header.previousButton, header.nextButton,
      ] as [Widget] {
        XCTAssertFalse(button.isSensitive, "\(button.accessibleName) is insensitive")
      }
      for name in ["trash", "delete", "rename", "copy-path", "zoom-in", "context-menu"] {
        XCTAssertFalse(browser.window.actionEnabled(name), "win.\(name) is disabled")
      }
      XCTAssertTrue(header.openButton.isSensitive)
    }
  }

  func testDeleteTrashesAndTheNoticeUndoPutsItBack() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let browser = h.makeBrowser(expecting: 3, files: GioFileOperations())
      let model = browser.viewModel
      h.press("Right", in: browser)
      h.press("Delete", in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { model.items.value.count == 2 }), "the image left the list")
      XCTAssertEqual(Self.names(in: folder), ["photo-1.png", "photo-3.png"])
      XCTAssertEqual(model.current.value?.displayName, "photo-3.png")
      XCTAssertTrue(browser.noticeBar.widget.revealChild)
      XCTAssertEqual(browser.noticeBar.label.text, "“photo-2.png” moved to the trash")
      XCTAssertTrue(browser.noticeBar.undoButton.isVisible)
      click(browser.noticeBar.undoButton)
      XCTAssertTrue(
        MainLoop.iterate(until: { model.current.value?.displayName == "photo-2.png" }),
        "Undo restores the image and makes it current")
      XCTAssertEqual(Self.names(in: folder), ["photo-1.png", "photo-2.png", "photo-3.png"])
      XCTAssertFalse(browser.noticeBar.widget.revealChild)
    }
  }

  func testDeletingPermanentlyAsksFirstAndCancelKeepsTheFile() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2, files: GioFileOperations())
      h.press("Delete", modifiers: .shift, in: browser)
      let dialog = try XCTUnwrap(Self.toplevels(MessageDialog.self).first, "a confirmation")
      XCTAssertEqual(dialog.text, "Delete “photo-1.png” permanently?")
      dialog.response(.cancel)
      h.settle()
      XCTAssertEqual(Self.names(in: folder), ["photo-1.png", "photo-2.png"], "nothing deleted")
      XCTAssertEqual(browser.viewModel.items.value.count, 2)
      h.press("Delete", modifiers: .shift, in: browser)
      let again = try XCTUnwrap(Self.toplevels(MessageDialog.self).first)
      again.response(.ok)
      XCTAssertTrue(MainLoop.iterate(until: { browser.viewModel.items.value.count == 1 }))
      XCTAssertEqual(Self.names(in: folder), ["photo-2.png"])
    }
  }

  func testF2RenamesInPlace() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let browser = h.makeBrowser(expecting: 3, files: GioFileOperations())
      h.press("F2", in: browser)
      let renamer = try XCTUnwrap(browser.actions?.renamer)
      XCTAssertTrue(renamer.popover.isVisible)
      XCTAssertEqual(renamer.entry.text, "photo-1.png")
      XCTAssertFalse(renamer.renameButton.isSensitive, "the unchanged name cannot be confirmed")
      renamer.entry.text = "sunrise.png"
      activate(renamer.entry)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.viewModel.current.value?.displayName == "sunrise.png" }))
      XCTAssertEqual(Self.names(in: folder), ["photo-2.png", "photo-3.png", "sunrise.png"])
      XCTAssertEqual(browser.window.title, "sunrise.png (3 of 3) — Image Browser")
    }
  }

  func testRightClickOnAThumbnailSelectsItAndOpensTheImageMenu() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(5)
      let browser = h.makeBrowser(expecting: 5)
      h.clickThumbnail(3, button: 3, in: browser)
      XCTAssertEqual(browser.viewModel.index.value, 3)
      let menu = try XCTUnwrap(browser.actions?.contextMenu)
      XCTAssertTrue(menu.isVisible)
      menu.popdown()
      h.press("Menu", in: browser)
      XCTAssertTrue(try XCTUnwrap(browser.actions?.contextMenu).isVisible, "the Menu key")
      browser.actions?.contextMenu?.popdown()
      h.settle()
    }
  }

  func testTheShortcutsWindowListsEveryKeyedAction() throws {
    try gtk {
      let overview = ShortcutsOverview(actions: BrowserAction.all)
      defer { overview.window.destroy() }
      let keyed = BrowserAction.all.filter { !$0.keys.isEmpty }.map(\.title)
      // And the browse grid's own keys, in a group of their own.
      let grid = BrowseMode.keys.map(\.title)
      XCTAssertEqual(overview.rows.count, keyed.count + grid.count, "each once")
      XCTAssertEqual(Set(overview.rows.map(\.title)), Set(keyed + grid))
      let open = try XCTUnwrap(overview.rows.first { $0.title == "Open the image or folder" })
      XCTAssertEqual(open.keys, ["Return"])
    }
  }

  func testTheShortcutsWindowFitsTheScreenAndNamesKeysAsGtkDoes() throws {
    try gtk {
      let overview = ShortcutsOverview(actions: BrowserAction.all)
      defer { overview.window.destroy() }
      XCTAssertEqual(overview.window.title, "Keyboard Shortcuts", "the window list names it")
      for row in overview.rows {
        XCTAssertEqual(
          Set(row.keys).count, row.keys.count, "\(row.title): no key twice \(row.keys)")
        for key in row.keys {
          XCTAssertFalse(key.contains("_"), "\(row.title): \(key) is a raw key name")
          XCTAssertFalse(key.hasPrefix("KP"), "\(row.title): \(key) is the keypad's twin")
        }
      }
      let previous = try XCTUnwrap(overview.rows.first { $0.title == "Previous image" })
      XCTAssertEqual(previous.keys, ["Left", "Alt+Left", "Page Up", "BackSpace"])
      let zoomOut = try XCTUnwrap(overview.rows.first { $0.title == "Zoom out" })
      XCTAssertEqual(zoomOut.keys, ["-", "Ctrl+-"])
      overview.present(over: nil)
      MainLoop.iterate(for: .milliseconds(300))
      let screen = try XCTUnwrap(Display.default?.monitor(0)?.workarea)
      let size = overview.window.size
      XCTAssertLessThanOrEqual(size.width, screen.width, "the window fits the screen's width")
      XCTAssertLessThanOrEqual(size.height, screen.height, "the window fits the screen's height")
      overview.window.hide()
    }
  }

  /// The toplevel windows of type `T`, newest first.
  @MainActor
  static func toplevels<T: Window>(_ type: T.Type) -> [T] {
    var list = gtk_window_list_toplevels()
    defer { g_list_free(list) }
    var found: [T] = []
    while let node = list {
      if let data = node.pointee.data, let window = Window(retaining: data).cast(to: type),
        window.isVisible
      {
        found.insert(window, at: 0)
      }
      list = node.pointee.next
    }
    return found
  }

  /// Calls `body` for `widget` and every widget inside it.
  @MainActor
  static func forEachDescendant(of widget: Widget, _ body: (Widget) -> Void) {
    body(widget)
    guard let container = widget.cast(to: Container.self) else { return }
    var list = gtk_container_get_children(container.pointer(as: GtkContainer.self))
    let head = list
    defer { g_list_free(head) }
    while let node = list {
      if let data = node.pointee.data { forEachDescendant(of: Widget(retaining: data), body) }
      list = node.pointee.next
    }
  }
}
