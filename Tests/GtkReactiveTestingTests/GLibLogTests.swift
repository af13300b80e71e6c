// A GLib warning or critical during a test fails that test, with GLib's message.
import CGtk
import GtkReactive
import GtkReactiveTesting
import XCTest

final class GLibLogTests: FailureCapturingTestCase {
  func testTheRecorderKeepsCriticalsWithTheirDomain() {
    gtk {
      g_object_unref(nil)  // "g_object_unref: assertion 'G_IS_OBJECT (object)' failed"
      let messages = GLibLog.takeMessages()
      XCTAssertEqual(messages.count, 1)
      XCTAssertEqual(messages.first?.domain, "GLib-GObject")
      XCTAssertEqual(messages.first?.isCritical, true)
      XCTAssertTrue(messages.first?.text.contains("G_IS_OBJECT") == true)
      XCTAssertEqual(GLibLog.takeMessages(), [], "taken once")
    }
  }

  func testACriticalFailsTheTestAtTheGtkBlock() {
    let failures = failures {
      gtk { g_object_unref(nil) }
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.contains("GLib-GObject-CRITICAL: g_object_unref") == true, "\(failures)")
  }

  func testAWarningLoggedByTheMainLoopAfterTheBodyFailsTheTestInTearDown() {
    gtk {
      // Runs only when tearDown drains the loop.
      let label = makeLabel("x")
      g_idle_add(setMissingProperty, UnsafeMutableRawPointer(g_object_ref(label.pointer)))
    }
    // XCTest calls tearDown again after this method; by then nothing is left to report.
    let failures = failures { tearDown() }
    XCTAssertEqual(failures.count, 1)
    let message = failures.first ?? ""
    XCTAssertTrue(message.contains("GLib-GObject-WARNING"), message)
    XCTAssertTrue(message.contains("no-such-property"), message)
  }
}

/// Sets a property the object does not have, which GLib reports as a warning; releases
/// the reference it was given and removes itself.
private let setMissingProperty: GSourceFunc = { object in
  var value = GValue()
  g_value_init(&value, g_type_from_name("gint"))
  g_object_set_property(object?.assumingMemoryBound(to: GObject.self), "no-such-property", &value)
  g_value_unset(&value)
  g_object_unref(object)
  return 0
}
