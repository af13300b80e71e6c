// Guarantee 2: disposing disconnects the handler, once; after the object died it does
// nothing and logs nothing.
import CGtk
import Dispatch
import GtkReactive
import GtkReactiveTesting
import Reactive
import Synchronization
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
        // A generated signal of an object that is not a widget: connected while held by a
        // temporary strong reference, which is given back.
        subscriptions.append(adjustment.rx.valueChanged.subscribe())
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

  func testDisposingInsideItsOwnHandlerStopsItAndDisconnectsOnlyItsHandler() {
    gtk {
      let boxes = GtkBoxes.count
      let button = Button(label: "OK")
      let own = SerialDisposable()
      var ownClicks = 0
      var ownCompleted = false
      var otherClicks = 0
      own.inner = button.rx.clicked.subscribe(
        next: {
          ownClicks += 1
          own.dispose()
        }, completed: { ownCompleted = true })
      let other = button.rx.clicked.subscribe(next: { otherClicks += 1 })
      assertHandlerCount(on: button, signal: "clicked", 2)
      button.clicked()
      assertHandlerCount(on: button, signal: "clicked", 1)
      button.clicked()
      XCTAssertEqual(ownClicks, 1, "nothing after its own disposal")
      XCTAssertEqual(otherClicks, 2)
      XCTAssertFalse(ownCompleted, "disposal is not completion")
      own.dispose()
      assertHandlerCount(on: button, signal: "clicked", 1)  // disconnected once, not twice
      other.dispose()
      assertNoHandlers(on: button, signal: "clicked")
      XCTAssertEqual(GtkBoxes.count, boxes, "both connections freed")
    }
  }

  func testSignalsWithArgumentsDisposeInsideTheHandlerAndCompleteOnDestroy() {
    gtk {
      let boxes = GtkBoxes.count
      let notebook = Notebook()
      var added: [Int] = []
      var firstCompleted = false
      var secondCompleted = false
      let first = SerialDisposable()
      first.inner = notebook.rx.pageAdded.subscribe(
        next: { page in
          added.append(page.pageNum)
          first.dispose()
        }, completed: { firstCompleted = true })
      let second = notebook.rx.pageAdded.subscribe(
        next: { added.append(100 + $0.pageNum) }, completed: { secondCompleted = true })
      assertHandlerCount(on: notebook, signal: "page-added", 2)
      _ = notebook.appendPage(Label("one"), tabLabel: nil)
      _ = notebook.appendPage(Label("two"), tabLabel: nil)
      XCTAssertEqual(added, [0, 100, 101])
      assertHandlerCount(on: notebook, signal: "page-added", 1)
      notebook.destroy()
      XCTAssertFalse(firstCompleted, "disposed before the notebook went")
      XCTAssertTrue(secondCompleted)
      second.dispose()
      first.dispose()
      XCTAssertEqual(GtkBoxes.count, boxes, "both connections freed")
      // tearDown fails the test if GLib logged anything (a second disconnect would)
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

  func testNothingArrivesAfterADisposalOnAnotherThreadEvenBeforeTheMainLoopDisconnects() {
    gtk {
      let button = Button(label: "OK")
      var clicks = 0
      let subscription = button.rx.clicked.subscribe(next: { clicks += 1 })
      button.clicked()
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        subscription.dispose()
        done.signal()
      }
      done.wait()
      XCTAssertTrue(hasClickedHandler(button), "the handler goes on the main loop, later")
      button.clicked()
      XCTAssertEqual(clicks, 1, "the subscription ended with the disposal")
      XCTAssertTrue(MainLoop.iterate(until: { !hasClickedHandler(button) }))
      subscription.dispose()  // again, after the disconnect: harmless
    }
  }

  func testSubscribingOnAnotherThreadConnectsOnTheMainLoopAndDeliversThere() {
    gtk {
      let boxes = GtkBoxes.count
      let button = Button(label: "OK")
      let clicked = button.rx.clicked
      let seen = ClickCounter()
      let subscribed = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        seen.keep(clicked.subscribe(next: { seen.count(onMain: Thread.isMainThread) }))
        subscribed.signal()
      }
      XCTAssertEqual(subscribed.wait(timeout: .now() + 5), .success)
      XCTAssertTrue(MainLoop.iterate(until: { hasClickedHandler(button) }))
      button.clicked()
      XCTAssertEqual(seen.clicks, 1)
      XCTAssertTrue(seen.allOnMain)
      seen.dispose()
      XCTAssertFalse(hasClickedHandler(button))
      button.clicked()
      XCTAssertEqual(seen.clicks, 1)
      XCTAssertEqual(GtkBoxes.count, boxes, "GLib gave the connection back")
    }
  }

  func testAConnectionThatIsItsOwnGuardCompletesOnceAndDisconnectsOnce() {
    gtk {
      let boxes = GtkBoxes.count
      let button = Button(label: "OK")
      var completions = 0
      var clicks = 0
      let subscription = button.rx.clicked.subscribe(
        next: { clicks += 1 }, completed: { completions += 1 })
      button.clicked()
      button.destroy()
      button.clicked()
      subscription.dispose()
      subscription.dispose()
      XCTAssertEqual(clicks, 1)
      XCTAssertEqual(completions, 1)
      XCTAssertEqual(GtkBoxes.count, boxes, "GLib gave the connection back")
      // tearDown fails the test if GLib logged anything (a disconnect after the destroy would)
    }
  }

  func testTenThousandSubscriptionsMadeAndDisposedLeaveNothingBehind() {
    gtk {
      let button = Button(label: "OK")
      _ = button.rx.clicked  // the button's shared weak reference, which it keeps
      let boxes = GtkBoxes.count
      let objects = LiveObjects.count
      var clicks = 0
      for round in 0..<10_000 {
        // The three ways in: the connection as the guard, a guard of the core around it
        // (an observer), and a `map`'s fused guard.
        let subscription: Disposable
        switch round % 3 {
        case 0: subscription = button.rx.clicked.subscribe(next: { clicks += 1 })
        case 1: subscription = button.rx.clicked.subscribe(Observer { _ in clicks += 1 })
        default: subscription = button.rx.clicked.map { 1 }.subscribe(next: { clicks += $0 })
        }
        if round % 2 == 0 { button.clicked() }
        subscription.dispose()
      }
      XCTAssertEqual(clicks, 5_000)
      assertNoHandlers(on: button, signal: "clicked")
      XCTAssertEqual(GtkBoxes.count, boxes, "GLib holds no connection")
      XCTAssertEqual(LiveObjects.count, objects, "every connection and guard freed")
    }
  }
}

/// Counts clicks delivered to a subscription made on another thread, and keeps it.
private final class ClickCounter: @unchecked Sendable {
  // @unchecked: every field is behind the lock.
  private let state = Mutex<(clicks: Int, allOnMain: Bool, kept: Disposable?)>((0, true, nil))

  var clicks: Int { state.withLock { $0.clicks } }
  var allOnMain: Bool { state.withLock { $0.allOnMain } }

  func count(onMain: Bool) {
    state.withLock { $0 = ($0.clicks + 1, $0.allOnMain && onMain, $0.kept) }
  }

  func keep(_ subscription: Disposable) { state.withLock { $0.kept = subscription } }

  func dispose() { state.withLock { $0.kept }?.dispose() }
}
