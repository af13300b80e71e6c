// Crop mode under Xvfb: `c` starts it over the viewer, a handle dragged with the pointer
// shapes the rectangle, Return takes the crop, Escape leaves with nothing changed, Ctrl+Z
// and Shift+Ctrl+Z walk the steps; Save As writes the crop into a new file.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform

final class CropGUITests: GUITestCase {
  /// The size of the image the viewer shows.
  @MainActor
  private static func shownSize(_ browser: BrowserWindow) -> PixelSize? {
    browser.viewModel.currentImage.value.image?.fullSize
  }

  /// Drags with the first button over the viewer from `start` to `end` (canvas
  /// coordinates), in a few steps, as a hand would.
  @MainActor
  private static func drag(
    from start: (x: Double, y: Double), to end: (x: Double, y: Double), in browser: BrowserWindow
  ) {
    let canvas = browser.viewer.canvas.pointer(as: GtkWidget.self)
    guard let window = gtk_widget_get_window(canvas) else {
      return XCTFail("the viewer is not realized")
    }
    let device = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_display_get_default()))
    func send(_ type: GdkEventType, at point: (x: Double, y: Double)) {
      let event = gdk_event_new(type)!
      if type == GDK_MOTION_NOTIFY {
        event.pointee.motion.window = OpaquePointer(
          g_object_ref(UnsafeMutableRawPointer(window)))
        event.pointee.motion.send_event = 1
        event.pointee.motion.x = point.x
        event.pointee.motion.y = point.y
        event.pointee.motion.state = GDK_BUTTON1_MASK.rawValue
        event.pointee.motion.time = UInt32(GDK_CURRENT_TIME)
      } else {
        event.pointee.button.window = OpaquePointer(
          g_object_ref(UnsafeMutableRawPointer(window)))
        event.pointee.button.send_event = 1
        event.pointee.button.button = 1
        event.pointee.button.x = point.x
        event.pointee.button.y = point.y
        event.pointee.button.time = UInt32(GDK_CURRENT_TIME)
      }
      if let device { gdk_event_set_device(event, device) }
      gtk_widget_event(canvas, event)
      gdk_event_free(event)
      MainLoop.iterate(for: .milliseconds(10))
    }
    send(GDK_BUTTON_PRESS, at: start)
    for step in 1...4 {
      let t = Double(step) / 4
      send(
        GDK_MOTION_NOTIFY,
        at: (start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t))
    }
    send(GDK_BUTTON_RELEASE, at: end)
  }

  func testCStartsCropModeADraggedHandleShapesItReturnTakesItAndCtrlZUndoes() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)  // photo-1.png is 220 × 170
      let browser = h.makeBrowser(expecting: 3)
      let model = browser.viewModel
      XCTAssertEqual(Self.shownSize(browser), PixelSize(width: 220, height: 170))
      XCTAssertFalse(browser.editing.bar.widget.isVisible, "no crop bar before crop mode")

      h.press("c", in: browser)
      XCTAssertTrue(model.cropping.isCropping, "c starts crop mode")
      XCTAssertTrue(browser.editing.bar.widget.isVisible, "the crop bar shows")
      XCTAssertEqual(browser.editing.bar.size.text, "220 × 170 pixels")
      let whole = try XCTUnwrap(model.cropping.selection.value?.rect)
      // The bottom right handle, dragged up and left by 60 × 40 view pixels (the image
      // is shown at 1:1: it fits the viewer).
      let corner = try XCTUnwrap(
        browser.editing.overlay.handlePoints(of: whole).first { $0.0 == .bottomRight })
      Self.drag(from: (corner.x, corner.y), to: (corner.x - 60, corner.y - 40), in: browser)
      XCTAssertEqual(
        model.cropping.selection.value?.rect, PixelRect(x: 0, y: 0, width: 160, height: 130))
      XCTAssertEqual(browser.editing.bar.size.text, "160 × 130 pixels")
      XCTAssertEqual(model.index.value, 0, "dragging in crop mode never swipes to another image")
      h.saveScreenshot(of: browser, named: "crop-mode")

      h.press("Return", in: browser)
      XCTAssertFalse(model.cropping.isCropping, "Return takes the crop and leaves crop mode")
      XCTAssertFalse(browser.editing.bar.widget.isVisible)
      XCTAssertTrue(
        MainLoop.iterate(until: { Self.shownSize(browser) == PixelSize(width: 160, height: 130) }),
        "the viewer shows the crop")
      XCTAssertEqual(browser.window.title, "*photo-1.png (1 of 3) — Image Browser")
      h.saveScreenshot(of: browser, named: "cropped")

      h.press("z", control: true, in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { Self.shownSize(browser) == PixelSize(width: 220, height: 170) }),
        "Ctrl+Z undoes the crop")
      XCTAssertEqual(browser.window.title, "photo-1.png (1 of 3) — Image Browser")
      h.press("z", control: true, modifiers: .shift, in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { Self.shownSize(browser) == PixelSize(width: 160, height: 130) }),
        "Shift+Ctrl+Z takes it again")
      // Return outside crop mode does nothing to the image.
      h.press("Return", in: browser)
      XCTAssertEqual(Self.shownSize(browser), PixelSize(width: 160, height: 130))
    }
  }

  func testEscapeLeavesCropModeWithNothingChanged() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      let model = browser.viewModel
      let before = FolderSnapshot(folder)
      h.press("c", in: browser)
      let whole = try XCTUnwrap(model.cropping.selection.value?.rect)
      let left = try XCTUnwrap(
        browser.editing.overlay.handlePoints(of: whole).first { $0.0 == .left })
      Self.drag(from: (left.x, left.y), to: (left.x + 50, left.y), in: browser)
      XCTAssertEqual(model.cropping.selection.value?.rect.x, 50)
      h.press("Escape", in: browser)
      XCTAssertFalse(model.cropping.isCropping, "Escape leaves crop mode")
      XCTAssertFalse(browser.editing.bar.widget.isVisible)
      XCTAssertNil(model.currentImageEdit.value, "nothing was cropped")
      XCTAssertEqual(browser.window.title, "photo-1.png (1 of 2) — Image Browser")
      XCTAssertFalse(browser.window.actionEnabled("undo"))
      XCTAssertEqual(FolderSnapshot(folder), before)
    }
  }

  func testCtrlSAsksBeforeWritingACropIntoTheFileItself() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2, orientations: OrientationWriter())
      let model = browser.viewModel
      let before = FolderSnapshot(folder)
      h.press("c", in: browser)
      model.cropping.setRect(PixelRect(x: 0, y: 0, width: 50, height: 40))
      h.press("Return", in: browser)
      h.press("s", control: true, in: browser)
      let dialog = try XCTUnwrap(
        ActionTests.toplevels(MessageDialog.self).first, "Save asks before cutting the file")
      XCTAssertEqual(dialog.text, "Save the crop or new size into “photo-1.png”?")
      dialog.response(.cancel)
      h.settle()
      XCTAssertEqual(FolderSnapshot(folder), before, "nothing written after Cancel")
      XCTAssertNotNil(model.currentImageEdit.value, "the crop stays pending")
      h.press("s", control: true, in: browser)
      let again = try XCTUnwrap(ActionTests.toplevels(MessageDialog.self).first)
      again.response(.ok)
      XCTAssertTrue(MainLoop.iterate(until: { model.notice.value != nil }), "saved")
      XCTAssertEqual(model.notice.value?.message, "“photo-1.png” saved")
      let file = folder.appendingPathComponent("photo-1.png")
      let saved = try XCTUnwrap(gdk_pixbuf_new_from_file(file.path, nil))
      XCTAssertEqual(gdk_pixbuf_get_width(saved), 50)
      XCTAssertEqual(gdk_pixbuf_get_height(saved), 40)
      g_object_unref(UnsafeMutableRawPointer(saved))
      XCTAssertEqual(FolderSnapshot(folder).names, before.names, "no temporary file left")
    }
  }

  func testSaveAsWritesTheCropIntoANewFileThatBecomesCurrent() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2, orientations: OrientationWriter())
      let model = browser.viewModel
      let original = FolderSnapshot(folder)
      h.press("c", in: browser)
      model.cropping.setRect(PixelRect(x: 10, y: 20, width: 100, height: 80))
      h.press("Return", in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { Self.shownSize(browser) == PixelSize(width: 100, height: 80) }))
      XCTAssertTrue(browser.window.actionEnabled("save-as"))
      let copy = folder.appendingPathComponent("photo-1-cropped.png")
      browser.editing.save(as: copy)
      XCTAssertTrue(MainLoop.iterate(until: { model.notice.value != nil }), "saved")
      XCTAssertEqual(model.notice.value?.message, "Saved as “photo-1-cropped.png”")
      let saved = try XCTUnwrap(gdk_pixbuf_new_from_file(copy.path, nil))
      XCTAssertEqual(gdk_pixbuf_get_width(saved), 100)
      XCTAssertEqual(gdk_pixbuf_get_height(saved), 80)
      g_object_unref(UnsafeMutableRawPointer(saved))
      let after = FolderSnapshot(folder)
      XCTAssertEqual(
        after.changedNames(from: original), ["photo-1-cropped.png"], "only the new file")
      XCTAssertEqual(after.names, (original.names + ["photo-1-cropped.png"]).sorted())
      XCTAssertTrue(
        MainLoop.iterate(until: { model.current.value?.displayName == "photo-1-cropped.png" }),
        "the new file becomes current")
    }
  }
}
