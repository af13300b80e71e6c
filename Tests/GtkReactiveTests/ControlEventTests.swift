// Guarantee 1: control events never fail, deliver on the main thread, and complete when
// the widget is destroyed or the object finalized (at once when already dead).
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class ControlEventTests: GtkTestCase {
  func testClickedDeliversEveryClickOnTheMainThread() throws {
    gtk {
      let button = Button(label: "OK")
      let clicks: Signal<Void, Never> = button.rx.clicked  // Never: cannot fail
      let recorder = Recorder(clicks)
      button.clicked()
      button.clicked()
      XCTAssertEqual(recorder.values.count, 2)
      XCTAssertTrue(recorder.onMainThread)
      XCTAssertFalse(recorder.completed)
      recorder.subscription?.dispose()
    }
  }

  func testCompletesWhenTheWidgetIsDestroyed() throws {
    gtk {
      let button = Button(label: "OK")
      let recorder = Recorder(button.rx.clicked)
      button.destroy()
      XCTAssertTrue(recorder.completed)
      button.clicked()
      XCTAssertEqual(recorder.values.count, 0)
    }
  }

  func testCompletesWhenTheObjectIsFinalized() throws {
    gtk {
      var adjustment: Adjustment? = Adjustment(
        value: 1, lower: 0, upper: 100, stepIncrement: 1, pageIncrement: 10, pageSize: 0)
      let recorder = Recorder(adjustment!.rx.value.values)
      XCTAssertEqual(recorder.values, [1])
      adjustment = nil  // the last reference: finalized
      XCTAssertTrue(recorder.completed)
    }
  }

  func testAGeneratedSignalOfAnObjectThatIsNotAWidgetLeavesItFreeToBeFinalized() throws {
    gtk {
      var adjustment: Adjustment? = Adjustment(
        value: 1, lower: 0, upper: 100, stepIncrement: 1, pageIncrement: 10, pageSize: 0)
      let recorder = Recorder(adjustment!.rx.valueChanged)
      adjustment!.value = 2
      XCTAssertEqual(recorder.values.count, 1)
      adjustment = nil  // the last reference, if connecting gave its own back: finalized
      XCTAssertTrue(recorder.completed)
      recorder.subscription?.dispose()  // after the object is gone: harmless
    }
  }

  func testSubscribingToADestroyedWidgetCompletesAtOnce() throws {
    gtk {
      let entry = Entry()
      entry.destroy()
      let recorder = Recorder(entry.rx.text.values)
      XCTAssertTrue(recorder.completed)
      XCTAssertEqual(recorder.values, [])
      let destroyed = Recorder(entry.rx.destroyed)
      XCTAssertTrue(destroyed.completed)
    }
  }

  func testDestroyedSendsThenCompletes() throws {
    gtk {
      let window = Window(type: .toplevel)
      window.title = "destroyed"
      let recorder = Recorder(window.rx.destroyed)
      XCTAssertEqual(recorder.values.count, 0)
      window.destroy()
      XCTAssertEqual(recorder.values.count, 1)
      XCTAssertTrue(recorder.completed)
    }
  }

  func testGenericSignalsCarryTheirArguments() throws {
    try gtk {
      let label = Label("a")
      let notifications = Recorder(try label.rx.notify("label"))
      let observed = Recorder(try label.rx.observe("label", as: String.self))
      let toggle = ToggleButton(label: "T")
      let raw = Recorder(try toggle.rx.signal(named: "toggled"))
      label.text = "b"
      toggle.isActive = true
      XCTAssertEqual(notifications.values.count, 1)
      XCTAssertEqual(observed.values, ["a", "b"])
      XCTAssertEqual(raw.values.count, 1)

      let iconView = IconView()
      let store = ListStore(columns: [String.self])
      store.append(count: 3)
      iconView.model = store
      let activated = Recorder(iconView.rx.activatedIndex)
      iconView.activateItem(at: 2)
      XCTAssertEqual(activated.values, [2])
      for recorder in [
        notifications.subscription, observed.subscription, raw.subscription,
        activated.subscription,
      ] { recorder?.dispose() }
    }
  }

  func testKeyButtonAndScrollEventsArriveAsSwiftValues() throws {
    gtk {
      let window = Window(type: .toplevel)
      window.title = "events"
      let area = DrawingArea()
      area.setSizeRequest(100, height: 100)
      window.add(area)
      window.showAll()
      MainLoop.iterate(until: { gtk_widget_get_realized(area.pointer(as: GtkWidget.self)) != 0 })
      let keys = Recorder(window.rx.keyPress)
      let buttons = Recorder(area.rx.buttonPress)
      let scrolls = Recorder(area.rx.scroll)
      let gdkWindow = gtk_widget_get_window(area.pointer(as: GtkWidget.self))

      let key = gdk_event_new(GDK_KEY_PRESS)!
      key.pointee.key.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(gdkWindow)))
      key.pointee.key.keyval = guint(GDK_KEY_Right)
      key.pointee.key.state = GDK_CONTROL_MASK.rawValue
      gtk_widget_event(window.pointer(as: GtkWidget.self), key)
      gdk_event_free(key)

      let press = gdk_event_new(GDK_2BUTTON_PRESS)!
      press.pointee.button.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(gdkWindow)))
      press.pointee.button.button = 1
      press.pointee.button.x = 10
      press.pointee.button.y = 20
      gtk_widget_event(area.pointer(as: GtkWidget.self), press)
      gdk_event_free(press)

      let scroll = gdk_event_new(GDK_SCROLL)!
      scroll.pointee.scroll.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(gdkWindow)))
      scroll.pointee.scroll.direction = GDK_SCROLL_DOWN
      gtk_widget_event(area.pointer(as: GtkWidget.self), scroll)
      gdk_event_free(scroll)

      XCTAssertEqual(keys.values.map(\.name), ["Right"])
      XCTAssertEqual(keys.values.first?.modifiers, .control)
      XCTAssertEqual(buttons.values.first?.clickCount, 2)
      XCTAssertEqual(buttons.values.first?.x, 10)
      XCTAssertEqual(scrolls.values.first?.direction, .down)
      window.destroy()
      XCTAssertTrue(keys.completed && buttons.completed && scrolls.completed)
    }
  }
}
