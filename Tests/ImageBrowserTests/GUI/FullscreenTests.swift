// Fullscreen and the slideshow under Xvfb: the image alone, the toolbar and strip sliding in
// from the edges and going again, the leave button, F5 paging on its timer.
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

final class FullscreenTests: GUITestCase {
  /// Controls that go 300 ms after the pointer leaves, instead of 2 s.
  private static let quick = AppViewModel.Timing(fullscreenControlsDelay: .milliseconds(300))

  func testF11ShowsTheImageAloneAndPutsTheStripAndToolbarInRevealers() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      let browser = h.makeBrowser(expecting: 4, timing: Self.quick)
      let model = browser.viewModel
      let mode = browser.fullscreen
      h.press("i", in: browser)
      h.press("Return", alt: true, in: browser)
      XCTAssertTrue(browser.info.isVisible)
      h.saveScreenshot(of: browser, named: "fullscreen-0-windowed")
      h.press("F11", in: browser)
      XCTAssertTrue(model.isFullscreen.value)
      XCTAssertFalse(browser.header.widget.isVisible, "the header bar hides")
      XCTAssertFalse(browser.properties.widget.isVisible, "the sidebar hides")
      XCTAssertFalse(browser.info.isVisible, "the information hides")
      XCTAssertEqual(
        browser.stripArea.parent?.pointer, mode.bottomRevealer.pointer,
        "the strip waits in the bottom revealer")
      XCTAssertTrue(mode.topRevealer.isVisible)
      XCTAssertFalse(mode.topRevealer.revealChild, "the toolbar waits hidden")
      XCTAssertFalse(mode.bottomRevealer.revealChild)
      XCTAssertEqual(browser.viewer.backdrop, .black)
      h.saveScreenshot(of: browser, named: "fullscreen-1-bare")
      h.press("F11", in: browser)
      XCTAssertFalse(model.isFullscreen.value)
      XCTAssertTrue(browser.header.widget.isVisible)
      XCTAssertTrue(browser.properties.widget.isVisible)
      XCTAssertTrue(browser.info.isVisible)
      XCTAssertTrue(browser.stripArea.isVisible)
      XCTAssertNotEqual(browser.stripArea.parent?.pointer, mode.bottomRevealer.pointer)
      XCTAssertFalse(mode.topRevealer.isVisible)
      XCTAssertEqual(browser.viewer.backdrop, .dark)
    }
  }

  func testTheEdgesRevealTheirPartsWhichGoAfterTheDelayAsDoesThePointer() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      let browser = h.makeBrowser(expecting: 4, timing: Self.quick)
      let mode = browser.fullscreen
      let canvas = browser.viewer.canvas
      h.press("F11", in: browser)
      h.settle()
      let height = Double(canvas.allocatedHeight)
      movePointer(to: 200, 5, over: canvas)
      XCTAssertTrue(mode.topRevealer.revealChild, "near the top edge: the toolbar")
      XCTAssertFalse(mode.bottomRevealer.revealChild)
      h.saveScreenshot(of: browser, named: "fullscreen-2-toolbar")
      XCTAssertTrue(mode.toolbar.leaveButton.isVisible)
      movePointer(to: 200, height / 2, over: canvas)
      XCTAssertTrue(mode.topRevealer.revealChild, "it stays for the delay")
      XCTAssertTrue(
        MainLoop.iterate(until: { !mode.topRevealer.revealChild }, timeout: .seconds(3)),
        "then goes")
      XCTAssertTrue(
        MainLoop.iterate(
          until: { browser.window.window?.cursor?.cursorType == .blankCursor },
          timeout: .seconds(3)),
        "the pointer resting over the image hides")
      movePointer(to: 200, height - 5, over: canvas)
      XCTAssertTrue(mode.bottomRevealer.revealChild, "near the bottom edge: the strip")
      XCTAssertNil(browser.window.window?.cursor, "moving shows the pointer")
      h.settle()
      h.saveScreenshot(of: browser, named: "fullscreen-3-strip")
      movePointer(to: 200, height / 2, over: canvas)
      XCTAssertTrue(
        MainLoop.iterate(until: { !mode.bottomRevealer.revealChild }, timeout: .seconds(3)))
      h.press("F11", in: browser)
      XCTAssertNil(browser.window.window?.cursor, "the pointer shows outside fullscreen")
    }
  }

  /// X reports a pointer flicked from the toolbar straight to the bottom edge as the
  /// image's enter event, without a motion: the strip shows at once all the same.
  func testThePointerJumpingFromTheToolbarToTheBottomShowsTheStrip() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      let browser = h.makeBrowser(expecting: 4, timing: Self.quick)
      let mode = browser.fullscreen
      let canvas = browser.viewer.canvas
      h.press("F11", in: browser)
      h.settle()
      let height = Double(canvas.allocatedHeight)
      movePointer(to: 200, 5, over: canvas)
      XCTAssertTrue(mode.topRevealer.revealChild, "near the top edge: the toolbar")
      enterPointer(at: 200, height - 3, over: canvas)
      XCTAssertTrue(mode.bottomRevealer.revealChild, "at the bottom edge: the strip, at once")
      h.press("F11", in: browser)
    }
  }

  func testTheLeaveButtonLeavesFullscreen() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let browser = h.makeBrowser(expecting: 3, timing: Self.quick)
      let mode = browser.fullscreen
      h.press("F11", in: browser)
      movePointer(to: 200, 5, over: browser.viewer.canvas)
      XCTAssertTrue(mode.topRevealer.revealChild)
      XCTAssertEqual(mode.toolbar.leaveButton.accessibleName, "Leave fullscreen")
      click(mode.toolbar.leaveButton)
      XCTAssertFalse(browser.viewModel.isFullscreen.value)
      XCTAssertTrue(browser.header.widget.isVisible)
    }
  }

  func testTheLayoutFollowsAWindowManagerThatLeavesFullscreenByItself() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let browser = h.makeBrowser(expecting: 3, timing: Self.quick)
      let model = browser.viewModel
      h.press("F5", in: browser)
      XCTAssertTrue(model.isFullscreen.value)
      XCTAssertFalse(browser.header.widget.isVisible)
      // Xvfb has no window manager: the test reports what one would, as GDK delivers it.
      reportWindowState(of: browser.window, changed: .fullscreen, now: [.fullscreen])
      XCTAssertTrue(model.isFullscreen.value, "entering, as asked: nothing changes")
      reportWindowState(of: browser.window, changed: .fullscreen, now: [])
      XCTAssertFalse(model.isFullscreen.value, "the window left fullscreen")
      XCTAssertFalse(model.isSlideshowRunning.value, "and with it the slideshow")
      XCTAssertTrue(browser.header.widget.isVisible, "the header bar is back")
      XCTAssertTrue(browser.stripArea.isVisible)
      XCTAssertFalse(browser.fullscreen.topRevealer.isVisible)
      XCTAssertEqual(browser.viewer.backdrop, .dark)
      reportWindowState(of: browser.window, changed: .maximized, now: [.maximized])
      XCTAssertFalse(model.isFullscreen.value, "other state changes are not fullscreen's")
      h.press("F11", in: browser)
      XCTAssertTrue(model.isFullscreen.value, "F11 enters again")
      XCTAssertFalse(browser.header.widget.isVisible)
    }
  }

  func testF5StartsAFullscreenSlideshowThatPagesAndPausesForItsOptions() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      let browser = h.makeBrowser(expecting: 4, timing: Self.quick)
      let model = browser.viewModel
      let toolbar = browser.fullscreen.toolbar
      model.preferences.slideshowSeconds.value = 1
      h.press("F5", in: browser)
      XCTAssertTrue(model.isSlideshowRunning.value)
      XCTAssertTrue(model.isFullscreen.value, "the slideshow is fullscreen")
      XCTAssertTrue(
        MainLoop.iterate(until: { model.index.value == 1 }, timeout: .seconds(3)),
        "it pages on its timer")
      movePointer(to: 200, 5, over: browser.viewer.canvas)
      toggle(toolbar.optionsButton)
      XCTAssertTrue(model.isSlideshowPaused, "its options open: paused")
      XCTAssertEqual(toolbar.secondsButton.value, 1)
      toggle(toolbar.loopCheck)
      XCTAssertTrue(model.preferences.slideshowLoops.value)
      MainLoop.iterate(for: .milliseconds(1300))
      XCTAssertEqual(model.index.value, 1, "no paging while paused")
      XCTAssertTrue(browser.fullscreen.topRevealer.revealChild, "the toolbar stays")
      toggle(toolbar.optionsButton)
      XCTAssertFalse(model.isSlideshowPaused)
      XCTAssertTrue(
        MainLoop.iterate(until: { model.index.value == 2 }, timeout: .seconds(3)),
        "closed, it goes on")
      h.press("Escape", in: browser)
      XCTAssertFalse(model.isSlideshowRunning.value)
      XCTAssertFalse(model.isFullscreen.value, "Escape leaves the fullscreen F5 entered")
    }
  }
}

/// Delivers a window-state event to `window`, as GDK does when the window manager
/// changes the window's state.
@MainActor
private func reportWindowState(of window: Window, changed: WindowState, now: WindowState) {
  let gdkWindow = gtk_widget_get_window(window.pointer(as: GtkWidget.self))!
  let event = gdk_event_new(GDK_WINDOW_STATE)!
  event.pointee.window_state.window = OpaquePointer(
    g_object_ref(UnsafeMutableRawPointer(gdkWindow)))
  event.pointee.window_state.send_event = 1
  event.pointee.window_state.changed_mask = GdkWindowState(rawValue: changed.rawValue)
  event.pointee.window_state.new_window_state = GdkWindowState(rawValue: now.rawValue)
  gtk_main_do_event(event)
  gdk_event_free(event)
  runUntilIdle()
}
