// The count of Swift boxes GtkReactive hands to GLib, readable from any package's tests.
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class GtkBoxCountTests: GtkTestCase {
  func testASubscriptionHoldsABoxUntilDisposed() throws {
    try XCTSkipUnless(GtkBoxCount.isTracing, "release builds do not count")
    gtk {
      let boxes = GtkBoxCount.current
      let button = Button(label: "Count")
      let subscription = button.rx.clicked.subscribe()
      XCTAssertGreaterThan(GtkBoxCount.current, boxes, "a handler connection is a box")
      subscription.dispose()
      runUntilIdle()
      XCTAssertEqual(GtkBoxCount.current, boxes)
    }
  }

  func testDestroyingAWidgetFreesTheBoxesOfItsSubscriptions() throws {
    try XCTSkipUnless(GtkBoxCount.isTracing, "release builds do not count")
    gtk {
      let boxes = GtkBoxCount.current
      do {
        let window = Window(type: .toplevel)
        let entry = Entry()
        window.add(entry)
        _ = entry.rx.text.subscribe()
        _ = window.rx.keyPress.subscribe()
        window.destroy()
      }
      runUntilIdle()
      XCTAssertEqual(GtkBoxCount.current, boxes, "no box outlives its widget")
    }
  }
}
