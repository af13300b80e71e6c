// Guarantee 5: a Binder holds its target weakly, applies on the main loop, and takes
// only sources that cannot fail.
import CGtk
import Dispatch
import GtkReactive
import GtkReactiveTesting
import Reactive
import ReactiveTesting
import XCTest

/// What `bind(to:)` returns when the library's overload does not apply: the library
/// offers `bind(to: Binder)` only where `Failure == Never`, so a failing source falls
/// through to this disfavored overload, which the test detects by type at compile time.
struct BindRejected {}

extension Signal {
  @_disfavoredOverload
  func bind(to binder: Binder<Value>) -> BindRejected { BindRejected() }
}

final class BinderTests: GtkTestCase {
  func testHoldsItsTargetWeakly() throws {
    gtk {
      let probe = FinalizationProbe()
      var binder: Binder<String>?
      do {
        let label = Label("before")
        probe.watch(label)
        binder = label.rx.label.sink
      }
      XCTAssertEqual(probe.finalized, 1, "the binder did not keep the label alive")
      binder?.on("after")  // dropped, no crash, nothing logged
    }
  }

  func testAppliesValuesOnTheMainLoop() throws {
    gtk {
      let label = Label("before")
      let binder = label.rx.label.sink
      let sent = DispatchSemaphore(value: 0)
      let box = SendableBox(binder)
      DispatchQueue.global().async {
        box.value.on("from a background thread")
        sent.signal()
      }
      sent.wait()
      XCTAssertEqual(label.text, "before", "not applied off the main thread")
      XCTAssertTrue(MainLoop.iterate(until: { label.text == "from a background thread" }))
    }
  }

  func testAcceptsOnlySourcesThatCannotFail() throws {
    gtk {
      let label = Label()
      let accepted: Disposable = Signal<String, Never>.just("ok").bind(to: label.rx.label)
      XCTAssertEqual(label.text, "ok")
      let rejected: BindRejected = Signal<String, TestError>.just("no").bind(
        to: label.rx.label.sink)
      _ = (accepted, rejected)
      XCTAssertEqual(label.text, "ok")
    }
  }

  func testGenericBinderAndCustomBinder() throws {
    try gtk {
      let header = HeaderBar()
      header.title = "t"
      Signal.just("sub").bind(to: Binder(header) { bar, text in bar.subtitle = text })
      XCTAssertEqual(header.subtitle, "sub")
      Signal.just(false).bind(to: try header.rx.binder("visible", as: Bool.self))
      XCTAssertFalse(header.isVisible)
    }
  }
}

/// Moves a value to another thread in a test that knows it is safe.
struct SendableBox<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
}
