// Generated members that take a GDK event: the event values of signals carry a copy of
// their C event, so a subscriber hands one back to GTK (a search bar fed the window's
// key presses, a window propagating a key), and members that give an event (the display's queue) return one.
import CGtk
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class EventArgumentMembersTests: GtkTestCase {
  func testASearchBarFedTheWindowsKeyPressesOpensAndTypesTheFirstLetter() {
    gtk {
      let window = Window(type: .toplevel)
      let box = Box(orientation: .vertical, spacing: 0)
      let bar = SearchBar()
      let entry = SearchEntry()
      bar.add(entry)
      bar.connectEntry(entry)
      let button = Button(label: "elsewhere")
      box.add(bar)
      box.add(button)
      window.add(box)
      window.showAll()
      button.grabFocus()
      var handled: [Bool] = []
      let keys = window.rx.keyPressEvent.subscribe(next: { emission in
        // GTK's documented use of gtk_search_bar_handle_event, from a later value.
        let event = AnyEvent(emission.arguments)
        XCTAssertEqual(event.type, .keyPress)
        let used = bar.handleEvent(event)
        handled.append(used)
        if used { emission.stop() }
      })
      defer { keys.dispose() }

      XCTAssertFalse(bar.searchModeEnabled)
      press("a", in: button)
      XCTAssertEqual(handled.first, true, "the bar took the key")
      XCTAssertTrue(bar.searchModeEnabled, "and revealed itself")
      XCTAssertTrue(MainLoop.iterate(until: { entry.text == "a" }), "typing the letter")
      window.destroy()
    }
  }

  func testAKeyEventOutlivesItsEmissionAndIsPropagatedLater() {
    gtk {
      let window = Window(type: .toplevel)
      let entry = Entry()
      window.add(entry)
      window.showAll()
      entry.grabFocus()
      var kept: [KeyEvent] = []
      let keys = window.rx.keyPressEvent.subscribe(next: { emission in
        kept.append(emission.arguments)
        emission.stop()  // the entry does not see it now
      })
      press("x", in: entry)
      keys.dispose()
      XCTAssertEqual(entry.text, "", "stopped at the window")
      XCTAssertEqual(kept.map(\.name), ["x"])

      // After the emission: the value still carries its C event.
      XCTAssertTrue(window.propagateKeyEvent(kept[0]), "the focused entry handled it")
      XCTAssertEqual(entry.text, "x")
      window.destroy()
    }
  }

  func testAnEventPutOnTheDisplaysQueueComesBackFromIt() {
    gtk {
      let window = Window(type: .toplevel)
      window.showAll()
      var kept: [KeyEvent] = []
      let keys = window.rx.keyPressEvent.subscribe(next: { kept.append($0.arguments) })
      press("y", in: window)
      keys.dispose()
      guard let display = Display.default, let key = kept.first else {
        return XCTFail("no display or no key event")
      }
      MainLoop.iterate(for: .milliseconds(20))
      XCTAssertNil(display.peekEvent(), "nothing queued")
      display.putEvent(AnyEvent(key))
      XCTAssertEqual(display.peekEvent()?.type, .keyPress, "a copy of the queued event")
      XCTAssertEqual(display.nextEvent()?.type, .keyPress, "taken off the queue")
      XCTAssertNil(display.peekEvent())
      XCTAssertNil(display.nextEvent(), "a second call finds the queue empty")
      window.destroy()
    }
  }

  func testAChildPropertyIsSetFromAnySwiftValueWithAGValueType() {
    gtk {
      let box = Box(orientation: .horizontal, spacing: 0)
      let first = Label("first")
      let second = Label("second")
      box.add(first)
      box.add(second)
      box.childSetProperty(second, propertyName: "position", value: Int32(0))
      XCTAssertEqual(box.children.map { $0.pointer }, [second.pointer, first.pointer])
      box.childSetProperty(first, propertyName: "expand", value: true)
      var expands = GValue()
      g_value_init(&expands, Bool.valueType)
      defer { g_value_unset(&expands) }
      gtk_container_child_get_property(
        box.pointer(as: GtkContainer.self), first.pointer(as: GtkWidget.self), "expand", &expands)
      XCTAssertEqual(g_value_get_boolean(&expands), 1, "a Bool went in as a gboolean")
      box.destroy()
    }
  }
}
