// Guarantee 6: GLib criticals and warnings fail the tests (the harness records them).
import CGtk
import GtkReactive
import XCTest

final class LogTests: GtkTestCase {
  func testTheHarnessRecordsCriticals() {
    gtk {
      g_object_unref(nil)  // GLib: "g_object_unref: assertion 'G_IS_OBJECT (object)' failed"
      let logged = GLibLog.reset()
      XCTAssertEqual(logged.count, 1)
      XCTAssertTrue(logged.first?.contains("G_IS_OBJECT") == true)
    }
  }
}
