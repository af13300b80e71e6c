// Guarantee 2: disposing disconnects the handler, once; after the object died it does
// nothing and logs nothing.
import CGtk
import Dispatch
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

/// Whether any handler (blocked or not) is connected to the button's `clicked`.
@MainActor
private func hasClickedHandler(_ button: Button) -> Bool {
  let id = g_signal_lookup("clicked", cgtk_object_type(button.pointer))
  return g_signal_has_handler_pending(button.pointer, id, 0, 1) != 0
}

final class DisposalTests: GtkTestCase {
  func testDestroyingInsideAHandlerCompletesThenDisposingLogsNothing() {
    gtk {
      // GObject destroys a disposed widget's handlers at once, while the emission still
      // holds the running one's closure: every subscription completes then, the running
      // one too, and disposing them before the emission returns must not disconnect
      // (GLib would warn "has no handler with id").
      let button = Button(label: "Close")
      let own = SerialDisposable()
      let other = SerialDisposable()
      var ownCompleted = false
      var otherCompleted = false
      own.inner = button.rx.clicked.subscribe(
        next: {
          button.destroy()
          own.dispose()
          other.dispose()
        }, completed: { ownCompleted = true })
      other.inner = button.rx.clicked.subscribe(completed: { otherCompleted = true })
      button.clicked()
      MainLoop.drain()
      XCTAssertTrue(ownCompleted, "the running handler's subscription ended with the widget")
      XCTAssertTrue(otherCompleted)
      XCTAssertFalse(hasClickedHandler(button))
    }
  }

  func testAnObjectsLifetimeEndsWhenItIsDestroyedAndEndsWorkBoundToIt() {
    gtk {
      let window = Window(type: .toplevel)
      let label = Label("")
      window.add(label)
      let lifetime = label.rx.lifetime
      XCTAssertFalse(lifetime.hasEnded)
      let ticks = PublishSubject<Int, Never>()
      var seen: [Int] = []
      var completed = false
      let subscription = ticks.signal.take(during: lifetime)
        .subscribe(next: { seen.append($0) }, completed: { completed = true })
      ticks.send(1)
      window.destroy()
      MainLoop.drain()
      XCTAssertTrue(lifetime.hasEnded, "destroying the window destroys the label")
      XCTAssertTrue(completed)
      ticks.send(2)
      XCTAssertEqual(seen, [1])
      subscription.dispose()
      XCTAssertTrue(label.rx.lifetime.hasEnded, "a destroyed object's lifetime has ended")
    }
  }

  func testDisposingDisconnectsTheHandler() {
    gtk {
      let button = Button(label: "OK")
      var clicks = 0
      let subscription = button.rx.clicked.subscribe(next: { clicks += 1 })
      XCTAssertTrue(hasClickedHandler(button))
      subscription.dispose()
      XCTAssertFalse(hasClickedHandler(button))
      button.clicked()
      XCTAssertEqual(clicks, 0)
    }
  }

  func testDisposingTwiceIsHarmless() {
    gtk {
      let boxes = GtkBoxes.count
      let button = Button(label: "OK")
      let subscription = button.rx.clicked.subscribe()
      subscription.dispose()
      subscription.dispose()
      XCTAssertFalse(hasClickedHandler(button))
      XCTAssertEqual(GtkBoxes.count, boxes + 0, "handler boxes freed")
    }
  }

  func testDisposingAfterTheObjectDiedDoesNothingAndLogsNothing() {
    gtk {
      let boxes = GtkBoxes.count
      var subscriptions: [Disposable] = []
      do {
        let button = Button(label: "OK")
        subscriptions.append(button.rx.clicked.subscribe())
        let adjustment = Adjustment(
          value: 0, lower: 0, upper: 100, stepIncrement: 1, pageIncrement: 10, pageSize: 0)
        subscriptions.append(adjustment.rx.value.subscribe())
        button.destroy()
      }  // both finalized here
      for subscription in subscriptions {
        subscription.dispose()
        subscription.dispose()
      }
      subscriptions = []
      XCTAssertEqual(GtkBoxes.count, boxes)
      // tearDown fails the test if GLib logged anything
    }
  }

  func testDisposingOnAnotherThreadDisconnectsOnTheMainLoop() {
    gtk {
      let button = Button(label: "OK")
      let subscription = button.rx.clicked.subscribe()
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        subscription.dispose()
        done.signal()
      }
      done.wait()
      XCTAssertTrue(MainLoop.iterate(until: { !hasClickedHandler(button) }))
    }
  }
}
