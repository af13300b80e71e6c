// Members named at run time: a wrong name or type is a Swift error, never a GLib critical.
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class DynamicMemberTests: GtkTestCase {
  func testUnknownSignalNamesTheClassAndTheSignal() throws {
    try gtk {
      let button = Button(label: "OK")
      XCTAssertThrowsError(try button.rx.signal(named: "clickd")) { error in
        XCTAssertEqual(
          error as? GtkReactiveError, .unknownSignal(type: "GtkButton", name: "clickd"))
        XCTAssertEqual("\(error)", "GtkButton has no signal 'clickd'.")
      }
      XCTAssertNoThrow(try button.rx.signal(named: "clicked"))
    }
  }

  func testUnknownPropertyAndWrongTypesAreErrors() throws {
    try gtk {
      let label = Label("text")
      XCTAssertThrowsError(try label.rx.observe("lable", as: String.self)) { error in
        XCTAssertEqual(
          error as? GtkReactiveError, .unknownProperty(type: "GtkLabel", name: "lable"))
      }
      XCTAssertThrowsError(try label.rx.observe("label", as: Label.self)) { error in
        XCTAssertEqual(
          error as? GtkReactiveError,
          .wrongValueType(
            type: "GtkLabel", property: "label", propertyType: "gchararray",
            swiftType: "Label"))
      }
      XCTAssertThrowsError(try label.value(ofProperty: "nope", as: Int.self))
      XCTAssertEqual(try label.value(ofProperty: "label", as: String.self), "text")
      try label.setValue("changed", forProperty: "label")
      XCTAssertEqual(label.text, "changed")
      XCTAssertThrowsError(try label.setValue(label, forProperty: "label"))
    }
  }

  func testReadOnlyAndConstructOnlyPropertiesCannotBeSet() throws {
    try gtk {
      let window = Window(type: .toplevel)
      defer { window.destroy() }
      XCTAssertThrowsError(try window.setValue(true, forProperty: "is-active")) { error in
        XCTAssertEqual(
          error as? GtkReactiveError, .notWritable(type: "GtkWindow", property: "is-active"))
      }
      XCTAssertThrowsError(try window.rx.binder("type", as: Int.self))
      XCTAssertThrowsError(try window.rx.property("is-active", as: Bool.self))
      XCTAssertNoThrow(try window.rx.observe("is-active", as: Bool.self))
    }
  }

  func testGBindingWithAnUnknownPropertyIsAnError() throws {
    try gtk {
      let toggle = ToggleButton(label: "T")
      let entry = Entry()
      XCTAssertThrowsError(try toggle.rx.bind("actve", to: entry, "sensitive")) { error in
        XCTAssertEqual(
          error as? GtkReactiveError, .unknownProperty(type: "GtkToggleButton", name: "actve"))
      }
    }
  }
}
