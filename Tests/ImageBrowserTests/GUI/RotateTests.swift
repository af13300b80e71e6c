// Rotate, flip and Save under Xvfb: shown at once, written only by Ctrl+S, the folder monitor
// and the view following the saved file; closing with a rotation not saved asks first.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

final class RotateTests: GUITestCase {
  /// The size of the image the viewer shows.
  @MainActor
  private static func shownSize(_ browser: BrowserWindow) -> PixelSize? {
    browser.viewModel.currentImage.value.image?.fullSize
  }

  func testCtrlRTurnsTheImageAtOnceAndCtrlSWritesItAndTheFolderFollows() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)  // photo-1.png is 220 × 170
      let browser = h.makeBrowser(expecting: 3, orientations: OrientationWriter())
      let model = browser.viewModel
      let file = folder.appendingPathComponent("photo-1.png")
      let before = FolderSnapshot(folder)
      XCTAssertEqual(Self.shownSize(browser), PixelSize(width: 220, height: 170))
      XCTAssertFalse(browser.window.actionEnabled("save"), "nothing to save")

      h.press("r", control: true, in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { Self.shownSize(browser) == PixelSize(width: 170, height: 220) }),
        "the viewer shows it turned")
      XCTAssertEqual(browser.window.title, "*photo-1.png (1 of 3) — Image Browser")
      XCTAssertEqual(browser.header.nameLabel.text, "*photo-1.png", "the header bar says so too")
      XCTAssertTrue(browser.window.actionEnabled("save"))
      h.saveScreenshot(of: browser, named: "rotated")
      XCTAssertEqual(FolderSnapshot(folder), before, "nothing written before Save")

      // The folder monitor must see the save, as it sees any program's.
      var changes: [FolderChange] = []
      let watching = FolderMonitor().changes(in: folder)
        .subscribe(next: { changes.append($0) })
      defer { watching.dispose() }
      h.settle()
      h.press("s", control: true, in: browser)
      XCTAssertTrue(MainLoop.iterate(until: { model.notice.value != nil }), "saved")
      XCTAssertEqual(model.notice.value?.message, "“photo-1.png” saved")
      XCTAssertEqual(browser.window.title, "photo-1.png (1 of 3) — Image Browser")
      XCTAssertEqual(browser.header.nameLabel.text, "photo-1.png")
      XCTAssertFalse(browser.window.actionEnabled("save"))
      let after = FolderSnapshot(folder)
      XCTAssertEqual(after.changedNames(from: before), ["photo-1.png"], "only the saved file")
      XCTAssertEqual(after.names, before.names, "no temporary file left")
      let saved = try XCTUnwrap(gdk_pixbuf_new_from_file(file.path, nil))
      XCTAssertEqual(gdk_pixbuf_get_width(saved), 170)
      g_object_unref(UnsafeMutableRawPointer(saved))
      XCTAssertTrue(
        MainLoop.iterate(until: {
          changes.contains { change in
            switch change {
            case .modified(let url), .added(let url), .renamed(_, let url):
              url.lastPathComponent == file.lastPathComponent
            case .removed: false
            }
          }
        }), "the folder monitor reported the saved file: \(changes)")
      h.settle()
      // Decoded again from the file: upright as saved, with no edit left.
      XCTAssertEqual(Self.shownSize(browser), PixelSize(width: 170, height: 220))
      XCTAssertNil(model.currentEdit.value)
      XCTAssertEqual(model.current.value?.modificationDate, after.modificationDate("photo-1.png"))
    }
  }

  func testFlipsAndTheMenusReachTheActions() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      let model = browser.viewModel
      for name in ["rotate-right", "rotate-left", "flip-horizontal", "flip-vertical"] {
        XCTAssertTrue(browser.window.actionEnabled(name), "win.\(name) is enabled")
      }
      browser.window.activateAction("flip-horizontal")
      XCTAssertEqual(model.currentEdit.value, .mirroredHorizontally)
      browser.window.activateAction("flip-vertical")
      XCTAssertEqual(model.currentEdit.value, .halfTurn)
      h.press("r", control: true, modifiers: .shift, in: browser)
      XCTAssertEqual(model.currentEdit.value, .clockwise, "half a turn, then back a quarter")
      XCTAssertFalse(
        browser.window.actionEnabled("save"), "this window has no writer: nothing is saved")
      let actions = Self.actionNames(in: BrowserMenus.primary())
      let context = Self.actionNames(in: BrowserMenus.context())
      for name in [
        "win.rotate-right", "win.rotate-left", "win.flip-horizontal", "win.flip-vertical",
        "win.undo", "win.redo", "win.save",
      ] {
        XCTAssertTrue(actions.contains(name), "\(name) in the primary menu")
        XCTAssertTrue(context.contains(name), "\(name) in the image menu")
      }
      model.discardEdits()
    }
  }

  func testControlZUndoesARotationAndShiftControlZRedoesIt() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      let model = browser.viewModel
      XCTAssertFalse(browser.window.actionEnabled("undo"), "nothing to undo yet")
      h.press("r", control: true, in: browser)
      XCTAssertEqual(model.currentEdit.value, .clockwise)
      h.press("z", control: true, in: browser)
      XCTAssertNil(model.currentEdit.value, "Ctrl+Z takes the turn back")
      XCTAssertEqual(browser.window.title, "photo-1.png (1 of 2) — Image Browser")
      XCTAssertTrue(browser.window.actionEnabled("redo"))
      h.press("z", control: true, modifiers: .shift, in: browser)
      XCTAssertEqual(model.currentEdit.value, .clockwise, "Shift+Ctrl+Z turns it again")
      model.discardEdits()
    }
  }

  func testClosingWithARotationNotSavedAsksAndCancelKeepsTheWindow() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2, orientations: OrientationWriter())
      let before = FolderSnapshot(folder)
      var destroyed = false
      let watch = browser.window.rx.destroyed.subscribe(next: { destroyed = true })
      defer { watch.dispose() }
      h.press("r", control: true, in: browser)
      h.press("w", control: true, in: browser)
      let dialog = try XCTUnwrap(ActionTests.toplevels(MessageDialog.self).first, "a question")
      XCTAssertEqual(dialog.text, "Close without saving the changes to “photo-1.png”?")
      dialog.response(.cancel)
      h.settle()
      XCTAssertFalse(destroyed, "Cancel keeps the window")
      XCTAssertEqual(browser.viewModel.currentEdit.value, .clockwise, "and the rotation")
      browser.window.close()
      h.settle()
      let again = try XCTUnwrap(ActionTests.toplevels(MessageDialog.self).first)
      again.response(.ok)
      XCTAssertTrue(MainLoop.iterate(until: { destroyed }), "closed without saving")
      h.browser = nil
      XCTAssertEqual(FolderSnapshot(folder), before, "nothing written")
    }
  }

  /// Every action a menu model names, its sections and submenus included.
  @MainActor
  static func actionNames(in model: MenuModel) -> Set<String> {
    var names: Set<String> = []
    let raw = model.pointer(as: GMenuModel.self)
    for index in 0..<g_menu_model_get_n_items(raw) {
      if let value = g_menu_model_get_item_attribute_value(raw, index, "action", nil) {
        names.insert(String(cString: g_variant_get_string(value, nil)))
        g_variant_unref(value)
      }
      for link in ["section", "submenu"] {
        if let linked = g_menu_model_get_item_link(raw, index, link) {
          names.formUnion(actionNames(in: MenuModel(retaining: UnsafeMutableRawPointer(linked))))
          g_object_unref(UnsafeMutableRawPointer(linked))
        }
      }
    }
    return names
  }
}

/// What a folder holds, down to each file's bytes, inode and modification time: two
/// snapshots are equal only if nothing in the folder was written, replaced, added or
/// removed.
struct FolderSnapshot: Equatable {
  struct Entry: Equatable {
    let bytes: Data
    let inode: UInt
    let modified: timespec
    let mode: mode_t

    static func == (a: Entry, b: Entry) -> Bool {
      a.bytes == b.bytes && a.inode == b.inode && a.mode == b.mode
        && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
  }

  let entries: [String: Entry]

  init(_ folder: URL) {
    var entries: [String: Entry] = [:]
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names {
      let path = folder.appendingPathComponent(name).path
      var info = stat()
      lstat(path, &info)
      entries[name] = Entry(
        bytes: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(),
        inode: UInt(info.st_ino), modified: info.st_mtim, mode: info.st_mode)
    }
    self.entries = entries
  }

  /// The names in the folder, sorted.
  var names: [String] { entries.keys.sorted() }

  /// The names whose entries differ from `other`'s (changed, added or removed).
  func changedNames(from other: FolderSnapshot) -> [String] {
    Set(entries.keys).union(other.entries.keys).filter { entries[$0] != other.entries[$0] }.sorted()
  }

  /// The modification date of `name`, as `ImageItem` reads it.
  func modificationDate(_ name: String) -> Date? {
    entries[name].map {
      Date(
        timeIntervalSince1970: Double($0.modified.tv_sec) + Double($0.modified.tv_nsec) / 1e9)
    }
  }
}
