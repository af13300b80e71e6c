// Guarantee 6: GLib criticals and warnings fail the tests (GtkTestCase records them).
import CGtk
import GtkReactive
import GtkReactiveTesting
import XCTest

final class LogTests: GtkTestCase {
  func testTheHarnessRecordsCriticals() {
    gtk {
      g_object_unref(nil)  // GLib: "g_object_unref: assertion 'G_IS_OBJECT (object)' failed"
      let logged = GLibLog.takeMessages()
      XCTAssertEqual(logged.count, 1)
      XCTAssertTrue(logged.first?.text.contains("G_IS_OBJECT") == true)
    }
  }
}
