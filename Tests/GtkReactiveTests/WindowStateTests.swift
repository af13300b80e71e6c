// The window events that became generated signals once their GDK structs were mapped:
// `window-state-event` (fullscreen, maximized…), `configure-event`, focus, and the
// gestures' begin/end, which carry event sequences.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class WindowStateTests: GtkTestCase {
  func testWindowStateEventCarriesTheChangedAndTheNewFlags() throws {
    gtk {
      let window = realizedWindow()
      let states = Recorder(window.rx.windowStateEvent.map(\.arguments))
      window.fullscreen()
      runUntilIdle()
      let entered = try? XCTUnwrap(states.values.last)
      XCTAssertEqual(entered?.changed.contains(.fullscreen), true)
      XCTAssertEqual(entered?.isFullscreen, true)
      window.unfullscreen()
      runUntilIdle()
      let left = try? XCTUnwrap(states.values.last)
      XCTAssertEqual(left?.changed.contains(.fullscreen), true)
      XCTAssertEqual(left?.isFullscreen, false)
      window.maximize()
      runUntilIdle()
      XCTAssertEqual(states.values.last?.isMaximized, true)
      XCTAssertEqual(states.values.last?.changed.contains(.fullscreen), false)
      XCTAssertTrue(states.onMainThread)
      window.destroy()
    }
  }

  func testWindowStateEventCompletesOnDestroyAndDisconnectsOnDispose() throws {
    gtk {
      let window = realizedWindow()
      let kept = Recorder(window.rx.windowStateEvent)
      let disposed = Recorder(window.rx.windowStateEvent)
      assertHandlerCount(on: window, signal: "window-state-event", 2)
      disposed.subscription?.dispose()
      assertHandlerCount(on: window, signal: "window-state-event", 1)
      window.fullscreen()
      runUntilIdle()
      XCTAssertEqual(disposed.values.count, 0)
      XCTAssertEqual(kept.values.count, 1)
      window.destroy()
      XCTAssertTrue(kept.completed)
      XCTAssertFalse(disposed.completed)
    }
  }

  func testConfigureEventCarriesTheNewSize() throws {
    gtk {
      let window = Window(type: .toplevel)
      window.setDefaultSize(320, height: 200)
      window.showAll()
      runUntilIdle()
      let sizes = Recorder(window.rx.configureEvent.map(\.arguments))
      window.resize(400, height: 300)
      runMainLoop(until: { sizes.values.contains { $0.width == 400 && $0.height == 300 } })
      window.destroy()
      XCTAssertTrue(sizes.completed)
    }
  }

  func testGestureBeginAndEndFollowAPress() throws {
    gtk {
      let window = Window(type: .toplevel)
      let area = EventBox()
      area.setSizeRequest(100, height: 100)
      window.add(area)
      window.showAll()
      runUntilIdle()
      let gesture = GestureMultiPress(widget: area)
      let begun = Recorder(gesture.rx.begin)
      let ended = Recorder(gesture.rx.end)
      sendButton(GDK_BUTTON_PRESS, to: area)
      XCTAssertEqual(begun.values.count, 1)
      XCTAssertEqual(begun.values.first ?? nil, nil)  // a mouse has no touch sequence
      XCTAssertEqual(ended.values.count, 0)
      sendButton(GDK_BUTTON_RELEASE, to: area)
      XCTAssertEqual(ended.values.count, 1)
      XCTAssertFalse(gesture.handlesSequence(nil))
      begun.subscription?.dispose()
      ended.subscription?.dispose()
      assertNoHandlers(on: gesture, signal: "begin")
      assertNoHandlers(on: gesture, signal: "end")
      window.destroy()
      withExtendedLifetime(gesture) {}
    }
  }

  func testGestureSignalsCompleteWhenTheGestureIsFinalized() throws {
    gtk {
      let area = EventBox()
      var gesture: GestureMultiPress? = GestureMultiPress(widget: area)
      let begun = Recorder(gesture!.rx.begin)
      let ended = Recorder(gesture!.rx.end)
      gesture = nil  // the last reference: finalized
      XCTAssertTrue(begun.completed)
      XCTAssertTrue(ended.completed)
      area.destroy()
    }
  }
}

/// A realized window that is not shown: GDK applies fullscreen at once and reports it
/// (a shown one asks the window manager, and Xvfb has none).
@MainActor
private func realizedWindow() -> Window {
  let window = Window(type: .toplevel)
  window.realize()
  runUntilIdle()
  return window
}

/// A primary-button press or release at (10, 10) of `widget`'s window, dispatched as
/// the X server's would be.
@MainActor
private func sendButton(_ type: GdkEventType, to widget: Widget) {
  let window = gtk_widget_get_window(widget.pointer(as: GtkWidget.self))!
  let event = gdk_event_new(type)!
  event.pointee.button.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
  event.pointee.button.send_event = 1
  event.pointee.button.x = 10
  event.pointee.button.y = 10
  event.pointee.button.button = 1
  event.pointee.button.time = UInt32(GDK_CURRENT_TIME)
  if type == GDK_BUTTON_RELEASE { event.pointee.button.state = GDK_BUTTON1_MASK.rawValue }
  let seat = gdk_display_get_default_seat(gdk_window_get_display(window))
  gdk_event_set_device(event, gdk_seat_get_pointer(seat))
  gtk_main_do_event(event)
  gdk_event_free(event)
  runUntilIdle()
}
