// Accelerators as GTK shows them to people.
import GtkReactive
import GtkReactiveTesting
import XCTest

final class AcceleratorLabelTests: GtkTestCase {
  func testAcceleratorsReadAsGtkShowsThemNeverAsRawKeyNames() {
    gtk {
      XCTAssertEqual(Accelerator.label("Page_Down"), "Page Down")
      XCTAssertEqual(Accelerator.label("<Primary><Shift>r"), "Shift+Ctrl+R")
      XCTAssertEqual(Accelerator.label("F11"), "F11")
      XCTAssertEqual(Accelerator.label("space"), "Space")
      XCTAssertEqual(Accelerator.label("<Alt>Return"), "Alt+Return")
      for key in ["BackSpace", "KP_Left", "Page_Up", "KP_Page_Down"] {
        let label = Accelerator.label(key)
        XCTAssertNotNil(label)
        XCTAssertFalse(label?.contains("_") ?? true, "\(key) reads \(label ?? "nil")")
      }
      XCTAssertNil(Accelerator.label("<Primary>"), "no key")
      XCTAssertNil(Accelerator.label("NotAKey"))
    }
  }
}
