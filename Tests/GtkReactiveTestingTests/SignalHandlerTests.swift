// Handler counts follow subscriptions: one more while subscribed, back to none when disposed.
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class SignalHandlerTests: FailureCapturingTestCase {
  func testCountsFollowASubscriptionsLife() throws {
    try gtk {
      let button = Button(label: "OK")
      let own = handlerCount(on: button)  // GTK's click gesture listens to grab-notify
      assertNoHandlers(on: button, signal: "clicked")
      let clicked = button.rx.clicked.subscribe()
      let entered = try button.rx.signal(named: "enter").subscribe()
      assertHandlerCount(on: button, signal: "clicked", 1)
      assertHandlerCount(on: button, signal: "enter", 1)
      assertHandlerCount(on: button, own + 2)
      clicked.dispose()
      assertNoHandlers(on: button, signal: "clicked")
      entered.dispose()
      assertHandlerCount(on: button, own)
    }
  }

  func testALabelHasNoHandlersUntilSubscribed() throws {
    try gtk {
      let label = makeLabel("text")
      assertNoHandlers(on: label)
      let subscription = try label.rx.notify("label").subscribe()
      assertHandlerCount(on: label, signal: "notify", 1)
      assertHandlerCount(on: label, signal: "notify::label", 1)
      assertNoHandlers(on: label, signal: "notify::xalign")
      subscription.dispose()
      assertNoHandlers(on: label)
    }
  }

  func testCountsHandlersOfInterfaceSignalsAndDetails() throws {
    gtk {
      let entry = Entry()
      let before = handlerCount(on: entry)
      let changes = entry.rx.text.changes.subscribe()  // GtkEditable's `changed` or a notify
      XCTAssertGreaterThan(handlerCount(on: entry), before)
      changes.dispose()
      XCTAssertEqual(handlerCount(on: entry), before)
    }
  }

  func testAssertNoHandlersFailsWhileSubscribed() throws {
    let failures = failures {
      gtk {
        let button = Button(label: "OK")
        let subscription = button.rx.clicked.subscribe()
        defer { subscription.dispose() }
        assertNoHandlers(on: button, signal: "clicked")
        assertNoHandlers(on: button, signal: "clikced")
      }
    }
    XCTAssertEqual(failures.count, 2)
    XCTAssertTrue(failures.first?.contains("“clicked” of the GtkButton") == true, "\(failures)")
    XCTAssertTrue(
      failures.last?.contains("a GtkButton has no signal “clikced”") == true, "\(failures)")
  }

  func testAFinalizationProbeSeesADestroyedWindowFreed() throws {
    gtk {
      let probe = FinalizationProbe()
      do {
        let window = makeWindow(title: "probe")
        let button = Button(label: "OK")
        window.add(button)
        probe.watch(window)
        probe.watch(button)
        window.destroy()
      }
      runUntilIdle()
      XCTAssertEqual(probe.watched, 2)
      XCTAssertEqual(probe.finalized, 2)
    }
  }
}
