// Guarantee 4: a ControlProperty sends the current value, then only user changes;
// setting it programmatically does not echo, so two-way bindings cannot loop.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class ControlPropertyTests: GtkTestCase {
  func testSendsTheCurrentValueThenUserChanges() {
    gtk {
      let entry = Entry()
      entry.text = "a"
      let recorder = Recorder(entry.rx.text.values)
      XCTAssertEqual(recorder.values, ["a"])
      entry.position = -1  // the cursor at the end, where typing appends
      type("b", into: entry)
      XCTAssertEqual(recorder.values, ["a", "ab"])
      recorder.subscription?.dispose()
    }
  }

  func testSettingThroughTheSinkDoesNotEcho() {
    gtk {
      let entry = Entry()
      let first = Recorder(entry.rx.text.values)
      let second = Recorder(entry.rx.text.values)  // another ControlProperty instance
      entry.rx.text.on("set")
      XCTAssertEqual(entry.text, "set")
      XCTAssertEqual(first.values, [""])
      XCTAssertEqual(second.values, [""])
      entry.position = -1  // the cursor at the end, where typing appends
      type("!", into: entry)
      XCTAssertEqual(first.values, ["", "set!"])

      let toggle = ToggleButton(label: "T")
      let states = Recorder(toggle.rx.isActive.values)
      Signal.just(true).bind(to: toggle.rx.isActive)
      XCTAssertTrue(toggle.isActive)
      XCTAssertEqual(states.values, [false])
      toggle.clicked()  // the user's change
      XCTAssertEqual(states.values, [false, false])
      for recorder in [first.subscription, second.subscription, states.subscription] {
        recorder?.dispose()
      }
    }
  }

  func testATwoWayBindingDoesNotLoop() {
    gtk {
      let left = Entry()
      let right = Entry()
      right.text = "start"
      var leftChanges = 0
      let bag = DisposeBag()
      left.rx.text.values.subscribe(next: { _ in leftChanges += 1 }).disposed(by: bag)
      right.rx.text.values.bind(to: left.rx.text).disposed(by: bag)
      left.rx.text.values.bind(to: right.rx.text).disposed(by: bag)
      XCTAssertEqual(left.text, "start")
      left.position = -1  // the cursor at the end, where typing appends
      type("!", into: left)
      XCTAssertEqual(right.text, "start!")
      right.position = -1  // the cursor at the end, where typing appends
      type("?", into: right)
      XCTAssertEqual(left.text, "start!?")
      XCTAssertEqual(
        leftChanges, 2, "the initial value and the user's edit; sink sets are not echoed")
      bag.dispose()
    }
  }

  func testChangesSkipsTheCurrentValue() {
    gtk {
      let scale = Scale(orientation: .horizontal, min: 0, max: 10, step: 1)
      let recorder = Recorder(scale.rx.value.changes)
      scale.value = 3
      XCTAssertEqual(recorder.values, [3])
      recorder.subscription?.dispose()
    }
  }
}
