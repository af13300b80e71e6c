// The browser never changes a file the user did not ask it to: every action that does not
// modify, driven as a person would, leaves every byte, inode and date of the folder as it was.
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

final class SafetyTests: GUITestCase {
  /// The window actions this test does not run, and why: each changes the folder when
  /// confirmed (their own tests check that they change exactly what they say), or needs
  /// a dialog of the platform the test cannot answer.
  static let notExercised: [String: String] = [
    "trash": "moves the file to the trash",
    "save": "writes the rotation",
    "save-as": "shows the platform's file chooser, then writes a new file",
    "open": "shows the platform's file chooser",
    "wallpaper": "copies the image into the desktop's backgrounds folder and sets it",
    "parent": "opens the folder above the test's, which the test does not own",
  ]

  func testNoActionButTheModifyingOnesChangesAnyFile() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      let jpeg = folder.appendingPathComponent("camera.jpg")
      XCTAssertTrue(TestImages.write(to: jpeg, width: 120, height: 80))
      XCTAssertTrue(
        ExifWriter.write(
          ExifWriter.camera.merging(["Exif.Image.Orientation": "6"]) { $1 }, to: jpeg))
      try h.makeBrokenImage("broken.jpg")
      let before = FolderSnapshot(folder)
      // The real writers: a slip anywhere would reach the disk.
      let browser = h.makeBrowser(
        expecting: 6, files: GioFileOperations(), metadata: Exiv2MetadataReader(),
        orientations: OrientationWriter())
      let model = browser.viewModel
      var exercised: Set<String> = []
      let registered = Set(
        (BrowserAction.all.map(\.name) + ["sort"]).filter { browser.window.hasAction($0) })
      @MainActor func key(
        _ name: String, _ key: String, modifiers: ModifierType = [], times: Int = 1
      ) {
        for _ in 0..<times { h.press(key, modifiers: modifiers, in: browser) }
        exercised.insert(name)
      }
      @MainActor func activate(_ name: String, times: Int = 1) {
        for _ in 0..<times { browser.window.activateAction(name) }
        h.settle(.milliseconds(50))
        exercised.insert(name)
      }

      // Paging over every file, the broken one included.
      key("next", "Right", times: 6)
      key("previous", "Left", times: 2)
      key("last", "End")
      key("first", "Home")
      // Viewing.
      key("zoom-in", "plus", times: 2)
      key("zoom-out", "minus")
      key("zoom-original", "1")
      key("zoom-fill-width", "w")
      key("zoom-fit", "f")
      key("fullscreen", "F11")
      key("escape", "Escape")
      activate("slideshow-loop", times: 2)
      activate("slideshow-shuffle", times: 2)
      key("slideshow", "s", times: 2)
      key("info", "i", times: 2)
      key("properties", "Return", modifiers: .alt, times: 2)
      key("strip", "F9", times: 2)
      key("preferences", "comma", modifiers: .control)
      browser.viewControls.preferencesDialog?.dialog.response(.deleteEvent)
      h.settle(.milliseconds(50))
      // Every sort order (date taken reads each file's metadata), then back to names.
      for order in ImageSortOrder.allCases + [.name] {
        browser.window.activateAction("sort", parameter: order.rawValue)
        XCTAssertTrue(
          MainLoop.iterate(until: { model.sortOrder.value == order && !model.isSorting.value }))
      }
      exercised.insert("sort")
      // Both directions, then back.
      activate("sort-descending", times: 2)
      XCTAssertTrue(
        MainLoop.iterate(until: { !model.sortDescending.value && !model.isSorting.value }))
      // Every tag of the current image, read and listed; then the window closed.
      activate("all-fields")
      try XCTUnwrap(browser.viewControls.fieldsWindow).window.destroy()
      h.settle(.milliseconds(50))
      // Browse mode: the grid, every image picked and the pick cleared, then the viewer.
      key("browse", "b")
      XCTAssertTrue(model.isBrowsing.value, "the grid shows")
      activate("select-all")
      key("escape", "Escape")
      key("browse", "b")
      XCTAssertFalse(model.isBrowsing.value, "the viewer again")
      key("copy-path", "c", modifiers: [.control, .shift])
      key("copy", "c", modifiers: .control)
      // The desktop's actions, on a decodable image: the test's desktop records what
      // would open.
      key("first", "Home")
      key("next", "Right", times: 2)
      activate("show-in-folder")
      activate("open-with")
      try XCTUnwrap(ActionTests.toplevels(AppChooserDialog.self).first).response(.cancel)
      h.settle()
      let printSettings = try XCTUnwrap(Settings.default)
      let backends = printSettings.gtkPrintBackends
      printSettings.gtkPrintBackends = "file"  // CUPS warns without a system bus
      defer { printSettings.gtkPrintBackends = backends }
      key("print", "p", modifiers: .control)
      @MainActor func printDialog() -> Dialog? {
        ActionTests.toplevels(Dialog.self).first { $0.transientFor == browser.window }
      }
      XCTAssertTrue(MainLoop.iterate(until: { printDialog() != nil }), "the print dialog")
      printDialog()?.response(.cancel)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.actions?.imageActions?.printer.operation == nil }))
      h.settle()
      let recent = try XCTUnwrap(model.items.value.last?.url)
      browser.window.activateAction("open-recent", parameter: recent.absoluteString)
      XCTAssertTrue(MainLoop.iterate(until: { model.current.value?.url == recent }))
      exercised.insert("open-recent")
      key("search", "f", modifiers: .control)
      browser.header.searchEntry.text = "photo-2"
      h.settle(.milliseconds(500))
      XCTAssertEqual(model.items.value.count, 1, "the search filtered")
      browser.header.searchEntry.text = ""
      h.settle(.milliseconds(100))
      key("escape", "Escape")
      key("context-menu", "Menu")
      browser.actions?.contextMenu?.popdown()
      h.settle(.milliseconds(50))
      key("main-menu", "F10")
      browser.header.menuButton.popup?.deactivate()
      h.settle(.milliseconds(50))
      // Rotations and flips, never saved.
      key("first", "Home")
      key("next", "Right", times: 2)
      XCTAssertEqual(model.current.value?.displayName, "photo-1.png")
      key("rotate-right", "r", modifiers: .control)
      key("rotate-left", "r", modifiers: [.control, .shift], times: 2)
      activate("flip-horizontal")
      key("next", "Right")
      activate("flip-vertical")
      key("undo", "z", modifiers: .control)
      key("redo", "z", modifiers: [.control, .shift])
      // Crop mode left both ways, and a resize asked for and cancelled.
      key("crop", "c")
      model.cropping.setRect(PixelRect(x: 10, y: 10, width: 40, height: 30))
      activate("crop-cancel")
      XCTAssertFalse(model.cropping.isCropping)
      key("crop", "c")
      model.cropping.setRect(PixelRect(x: 10, y: 10, width: 40, height: 30))
      key("crop-apply", "Return")
      XCTAssertNotNil(model.currentImageEdit.value?.crop, "cropped, not saved")
      activate("resize")
      let resize = try XCTUnwrap(browser.editing.resizeDialog, "the resize dialog")
      resize.dialog.response(.cancel)
      h.settle()
      XCTAssertEqual(model.unsavedImages.count, 2)
      // Rename and delete, both cancelled.
      key("rename", "F2")
      let renamer = try XCTUnwrap(browser.actions?.renamer)
      renamer.entry.text = "renamed.png"
      h.press("Escape", in: browser)
      h.settle(.milliseconds(400))  // the popover's closing transition
      XCTAssertFalse(renamer.popover.isVisible, "Escape cancels the rename")
      key("delete", "Delete", modifiers: .shift)
      let confirmation = try XCTUnwrap(ActionTests.toplevels(MessageDialog.self).first)
      confirmation.response(.cancel)
      h.settle()
      XCTAssertEqual(FolderSnapshot(folder), before, "nothing changed while the window is open")

      // Closing with rotations not saved: asked, answered Close Without Saving.
      var destroyed = false
      let watch = browser.window.rx.destroyed.subscribe(next: { destroyed = true })
      defer { watch.dispose() }
      key("close", "w", modifiers: .control)
      let question = try XCTUnwrap(ActionTests.toplevels(MessageDialog.self).first)
      XCTAssertEqual(question.text, "Close without saving the changes to 2 images?")
      question.response(.ok)
      XCTAssertTrue(MainLoop.iterate(until: { destroyed }))
      h.browser = nil
      h.settle()
      XCTAssertEqual(FolderSnapshot(folder), before, "nothing changed after the window closed")
      // Every action of the window was run here, or is one that changes files.
      for name in registered {
        XCTAssertTrue(
          exercised.contains(name) || Self.notExercised[name] != nil,
          "win.\(name) is run by this test, or listed in notExercised with why")
      }

    }
  }

  func testRotateAndSaveChangesExactlyTheSavedFile() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let jpeg = folder.appendingPathComponent("camera.jpg")
      XCTAssertTrue(TestImages.write(to: jpeg, width: 120, height: 80))
      let before = FolderSnapshot(folder)
      let browser = h.makeBrowser(
        expecting: 4, files: GioFileOperations(), orientations: OrientationWriter())
      let model = browser.viewModel
      XCTAssertEqual(model.current.value?.displayName, "camera.jpg")
      h.press("r", control: true, in: browser)
      h.press("Right", in: browser)
      h.press("r", control: true, in: browser)  // photo-1.png: turned, not saved
      h.press("Left", in: browser)
      h.press("s", control: true, in: browser)
      XCTAssertTrue(MainLoop.iterate(until: { model.notice.value != nil }))
      XCTAssertEqual(model.notice.value?.message, "“camera.jpg” saved")
      let after = FolderSnapshot(folder)
      XCTAssertEqual(after.changedNames(from: before), ["camera.jpg"])
      XCTAssertEqual(ExifWriter.exifOrientation(jpeg), 6)
      XCTAssertEqual(model.unsavedImages.map(\.lastPathComponent), ["photo-1.png"])
      model.discardEdits()
    }
  }
}
