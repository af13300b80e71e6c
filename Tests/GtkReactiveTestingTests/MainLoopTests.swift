// Running the main loop until idle, until a condition, and the failure on timeout.
import Dispatch
import GtkReactive
import GtkReactiveTesting
import XCTest

final class MainLoopTests: FailureCapturingTestCase {
  func testRunUntilIdleRunsQueuedMainQueueWork() {
    gtk {
      var ran = false
      DispatchQueue.main.async { ran = true }
      runUntilIdle()
      XCTAssertTrue(ran)
    }
  }

  func testRunMainLoopUntilAConditionHolds() {
    gtk {
      var fired = false
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(30)) { fired = true }
      XCTAssertTrue(runMainLoop(until: { fired }, timeout: .seconds(2)))
    }
  }

  func testRunMainLoopFailsOnTimeoutWithTheMessage() {
    var held = true
    let failures = failures {
      gtk {
        held = runMainLoop(until: { false }, timeout: .milliseconds(20), "the label never changed")
      }
    }
    XCTAssertFalse(held)
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("the label never changed") == true, "\(failures)")
  }
}
