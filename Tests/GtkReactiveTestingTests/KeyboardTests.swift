// Synthesized key presses reach accelerators, key handlers and the focused entry.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class KeyboardTests: FailureCapturingTestCase {
  func testControlNFiresTheWindowsAccelerator() {
    gtk {
      let window = makeWindow(title: "keys")
      defer { window.destroy() }
      let button = Button(label: "New")
      window.add(button)
      let accelerators = gtk_accel_group_new()!
      defer { g_object_unref(UnsafeMutableRawPointer(accelerators)) }
      gtk_window_add_accel_group(window.pointer(as: GtkWindow.self), accelerators)
      gtk_widget_add_accelerator(
        button.pointer(as: GtkWidget.self), "clicked", accelerators, UInt32(GDK_KEY_n),
        GDK_CONTROL_MASK, GTK_ACCEL_VISIBLE)
      window.showAll()
      runUntilIdle()

      var clicks = 0
      let subscription = button.rx.clicked.subscribe(next: { clicks += 1 })
      defer { subscription.dispose() }
      press("n", in: window)
      XCTAssertEqual(clicks, 0, "n alone is not the accelerator")
      press("n", modifiers: .control, in: window)
      XCTAssertEqual(clicks, 1)
    }
  }

  func testKeysReachTheWindowsKeyHandlersAndTheFocusedEntry() {
    gtk {
      let window = makeWindow(title: "keys")
      defer { window.destroy() }
      let entry = Entry()
      window.add(entry)
      window.showAll()
      runUntilIdle()

      var keys: [KeyEvent] = []
      let handler = window.rx.keyPress.subscribe(next: { keys.append($0) })
      defer { handler.dispose() }
      var activations = 0
      let activation = entry.rx.activate.subscribe(next: { activations += 1 })
      defer { activation.dispose() }

      press("a", in: entry)
      press("b", modifiers: .shift, in: entry)
      press("Return", in: entry)
      XCTAssertEqual(keys.count, 3)
      XCTAssertEqual(entry.text, "aB", "the entry's input method typed the letters")
      XCTAssertEqual(activations, 1)
    }
  }

  func testAnAcceleratorThatRevealsAndFocusesASearchEntryLogsNothing() throws {
    try gtk {
      // The press reveals the bar and focuses its entry; the release must find the entry
      // realized (WIDGET_REALIZED_FOR_EVENT), as it would after a real keystroke.
      let application = Application(applicationId: nil, flags: .nonUnique)
      _ = try application.register(nil)
      let window = ApplicationWindow(application: application)
      defer { window.destroy() }
      let bar = SearchBar()
      let entry = SearchEntry()
      bar.add(entry)
      bar.connectEntry(entry)
      let box = Box(orientation: .vertical, spacing: 0)
      box.add(bar)
      box.add(Label("notes"))
      window.add(box)
      let find = window.addAction("find", accelerators: ["<Primary>f"]) {
        bar.searchModeEnabled = true
      }
      defer { find.dispose() }
      window.showAll()
      runUntilIdle()
      press("f", modifiers: .control, in: window)
      XCTAssertTrue(bar.searchModeEnabled)
      XCTAssertEqual(window.focus, entry)
      press("x", in: entry)
      XCTAssertEqual(entry.text, "x")
    }
  }

  func testAKeyThatDestroysItsWindowIsSafe() {
    gtk {
      let window = makeWindow(title: "closing")
      var closed = false
      let handler = window.rx.keyPress.subscribe(next: { _ in
        closed = true
        window.destroy()
      })
      defer { handler.dispose() }
      window.showAll()
      runUntilIdle()
      press("w", modifiers: .control, in: window)
      XCTAssertTrue(closed)
    }
  }

  func testAnUnknownKeyNameFails() {
    let failures = failures {
      gtk {
        let window = makeWindow()
        defer { window.destroy() }
        press("NoSuchKey", in: window)
      }
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("NoSuchKey") == true, "\(failures)")
  }
}
