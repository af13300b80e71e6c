// Clicking, typing, toggling and activating real widgets fires what a user's input fires.
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class InputTests: FailureCapturingTestCase {
  func testClickingAButtonFiresClicked() {
    gtk {
      let button = Button(label: "OK")
      var clicks = 0
      let subscription = button.rx.clicked.subscribe(next: { clicks += 1 })
      defer { subscription.dispose() }
      click(button)
      click(button)
      XCTAssertEqual(clicks, 2)
    }
  }

  func testAnInsensitiveButtonCannotBeClicked() {
    let failures = failures {
      gtk {
        let button = Button(label: "OK")
        button.isSensitive = false
        var clicks = 0
        let subscription = button.rx.clicked.subscribe(next: { clicks += 1 })
        defer { subscription.dispose() }
        click(button)
        XCTAssertEqual(clicks, 0)
      }
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("insensitive GtkButton") == true, "\(failures)")
  }

  func testTypingInsertsAtTheCursorAndFiresTextChanges() {
    gtk {
      let entry = Entry()
      var texts: [String] = []
      let subscription = entry.rx.text.changes.subscribe(next: { texts.append($0) })
      defer { subscription.dispose() }
      type("ada", into: entry)
      type(" lovelace", into: entry)
      XCTAssertEqual(entry.text, "ada lovelace")
      XCTAssertEqual(texts, ["ada", "ada lovelace"])
    }
  }

  func testTypingIntoATextViewReplacesTheSelectionAsOneUserAction() {
    gtk {
      let view = TextView()
      let buffer = view.buffer!
      buffer.text = "Hello world"
      var actions = 0
      let counting = buffer.rx.beginUserAction.subscribe(next: { actions += 1 })
      defer { counting.dispose() }
      buffer.selectRange(buffer.iterAtOffset(6), bound: buffer.iterAtOffset(11))
      type("there", into: view)
      XCTAssertEqual(buffer.text, "Hello there")
      type("!", into: view)
      XCTAssertEqual(buffer.text, "Hello there!", "the cursor follows the typed text")
      XCTAssertEqual(actions, 2)
    }
  }

  func testAReadOnlyTextViewCannotBeTypedInto() {
    let failures = failures {
      gtk {
        let view = TextView()
        view.buffer?.text = "fixed"
        view.isEditable = false
        type("x", into: view)
        XCTAssertEqual(view.buffer?.text, "fixed")
      }
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("read-only GtkTextView") == true, "\(failures)")
  }

  func testTypingReplacesTheSelection() {
    gtk {
      let entry = Entry()
      entry.text = "hello world"
      gtkEditableSelect(entry, from: 0, to: 5)
      type("goodbye", into: entry)
      XCTAssertEqual(entry.text, "goodbye world")
      type("!", into: entry)
      XCTAssertEqual(entry.text, "goodbye! world", "the cursor follows the typed text")
    }
  }

  func testAReadOnlyEntryCannotBeTypedInto() {
    let failures = failures {
      gtk {
        let entry = Entry()
        gtkEditableSetEditable(entry, false)
        type("x", into: entry)
        XCTAssertEqual(entry.text, "")
      }
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("read-only") == true, "\(failures)")
  }

  func testTogglingACheckButtonAndASwitch() {
    gtk {
      let check = CheckButton(label: "Done")
      var states: [Bool] = []
      let subscription = check.rx.isActive.changes.subscribe(next: { states.append($0) })
      defer { subscription.dispose() }
      toggle(check)
      toggle(check)
      XCTAssertEqual(states, [true, false])

      let toggleSwitch = Switch()
      toggle(toggleSwitch)
      XCTAssertTrue(toggleSwitch.isActive)
    }
  }

  func testALabelCannotBeToggled() {
    let failures = failures { gtk { toggle(makeLabel("no")) } }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("cannot toggle a GtkLabel") == true, "\(failures)")
  }

  func testActivatingAnEntryFiresActivate() {
    gtk {
      let entry = Entry()
      var activations = 0
      let subscription = entry.rx.activate.subscribe(next: { activations += 1 })
      defer { subscription.dispose() }
      activate(entry)
      XCTAssertEqual(activations, 1)
    }
  }
}
