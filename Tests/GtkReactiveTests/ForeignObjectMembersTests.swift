// Members that give an object of a library whose introspection data is not read (ATK's
// accessibles), as the base `Object`, read by property name.
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class ForeignObjectMembersTests: GtkTestCase {
  func testAWidgetsAccessibleIsAnObjectReadByName() throws {
    try gtk {
      let button = Button(label: "Save")
      let accessible = try XCTUnwrap(button.accessible)
      XCTAssertEqual(accessible.typeName, "GtkButtonAccessible")
      let name = Recorder(try accessible.rx.observe("accessible-name", as: String.self))
      XCTAssertEqual(name.values.first, "Save")
      button.label = "Save as…"
      XCTAssertEqual(name.values.last, "Save as…", "the accessible follows the widget")

      let combo = ComboBoxText()
      combo.appendText("one")
      XCTAssertNotNil(combo.popupAccessible)
    }
  }
}
