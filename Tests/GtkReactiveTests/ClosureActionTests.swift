// Actions that run a closure: activation, parameters, accelerators, disposal, lifetime.
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

/// Something a closure captures, to see when the closure is released.
private final class Captured {}

final class ClosureActionTests: GtkTestCase {
  func testAWindowActionRunsItsClosureFromAButtonAndItsAccelerator() throws {
    try gtk {
      let application = Application(applicationId: nil, flags: .nonUnique)
      _ = try application.register(nil)
      let window = ApplicationWindow(application: application)
      var closes = 0
      let binding = window.addAction("close", accelerators: ["<Primary>w"]) { closes += 1 }
      let button = Button(label: "Close")
      button.actionName = "win.close"
      window.add(button)
      window.showAll()
      click(button)
      press("w", modifiers: .control, in: window)
      XCTAssertEqual(closes, 2)
      XCTAssertEqual(application.accelerators(for: "win.close"), ["<Primary>w"])
      binding.dispose()
      XCTAssertFalse(window.hasAction("close"))
      XCTAssertEqual(application.accelerators(for: "win.close"), [])
      window.activateAction("close")
      XCTAssertEqual(closes, 2)
      window.destroy()
    }
  }

  func testAnApplicationActionTakesATypedParameter() throws {
    try gtk {
      let application = Application(applicationId: nil, flags: .nonUnique)
      _ = try application.register(nil)
      var zooms: [Int32] = []
      let binding = application.addAction(
        "zoom", parameter: Int32.self, accelerators: [2: ["<Primary>2"]]
      ) { zooms.append($0) }
      application.activateAction("zoom", parameter: Int32(3))
      XCTAssertEqual(zooms, [3])
      XCTAssertEqual(application.accelerators(for: "app.zoom(2)"), ["<Primary>2"])
      binding.dispose()
      XCTAssertEqual(application.accelerators(for: "app.zoom(2)"), [])
    }
  }

  func testAClosureCapturingItsWindowIsReleasedWhenTheWindowIsDestroyed() throws {
    try gtk {
      let boxes = GtkBoxCount.current
      let application = Application(applicationId: nil, flags: .nonUnique)
      _ = try application.register(nil)
      weak var released: Captured?
      let probe = FinalizationProbe()
      do {
        let window = ApplicationWindow(application: application)
        let captured = Captured()
        released = captured
        window.addAction("close") { [captured] in
          _ = captured
          window.close()
        }
        probe.watch(window)
        window.showAll()
        window.activateAction("close")
        runUntilIdle()
      }
      runUntilIdle()
      XCTAssertEqual(probe.finalized, 1, "the window closed itself and was freed")
      XCTAssertNil(released, "the action's closure went with the window")
      XCTAssertEqual(GtkBoxCount.current, boxes, "every handler box freed")
    }
  }
}
