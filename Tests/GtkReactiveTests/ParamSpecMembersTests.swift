// Members that take a property's description (`ParamSpec`), found on a class by name:
// notifying a child property, a style sheet's style property, a builder value parsed.
import CGtk
import GtkReactiveTesting
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class ParamSpecMembersTests: GtkTestCase {
  func testADescriptionIsFoundOnTheClassThatHasTheProperty() {
    gtk {
      let label = ParamSpec.property("label", of: Label.self)
      XCTAssertEqual(label?.name, "label")
      XCTAssertEqual(label?.valueType, String.valueType)
      XCTAssertEqual(label?.ownerType, Label.gType)
      XCTAssertEqual(
        ParamSpec.property("visible", of: Label.self)?.ownerType, Widget.gType,
        "inherited from the widget class")
      XCTAssertEqual(ParamSpec.property("label", of: Label.self), label, "one description")
      XCTAssertNil(ParamSpec.property("no-such-property", of: Label.self))
      XCTAssertEqual(ParamSpec.childProperty("position", of: Box.self)?.valueType, Int32.valueType)
      XCTAssertNil(ParamSpec.childProperty("label", of: Box.self), "not a child property")
      XCTAssertEqual(
        ParamSpec.styleProperty("text-handle-width", of: Button.self)?.name, "text-handle-width")
    }
  }

  func testNotifyingAChildPropertyReachesTheChildsSubscribers() throws {
    try gtk {
      let box = Box(orientation: .horizontal, spacing: 0)
      let button = Button(label: "One")
      box.add(button)
      var notified: [String] = []
      let subscription = button.rx.childNotify.subscribe(next: { notified.append($0) })
      let position = try XCTUnwrap(ParamSpec.childProperty("position", of: Box.self))
      box.childNotifyByPspec(button, pspec: position)
      XCTAssertEqual(notified, ["position"])
      subscription.dispose()
    }
  }

  func testAStyleSheetGivesAWidgetsStyleProperty() throws {
    try gtk {
      let provider = CssProvider()
      XCTAssertTrue(
        try provider.loadFromData(Array("button { -GtkWidget-text-handle-width: 7; }".utf8)))
      let button = Button(label: "Styled")
      let width = try XCTUnwrap(ParamSpec.styleProperty("text-handle-width", of: Button.self))
      let styled = provider.styleProperty(button.path, state: [], pspec: width, as: Int.self)
      XCTAssertTrue(styled.result)
      XCTAssertEqual(styled.value, 7)
      let label = provider.styleProperty(
        Label("plain").path, state: [], pspec: width, as: Int32.self)
      XCTAssertFalse(label.result, "the rule is for buttons only")
    }
  }

  func testABuilderParsesAValueOfThePropertysType() throws {
    try gtk {
      let builder = Builder()
      let justify = try XCTUnwrap(ParamSpec.property("justify", of: Label.self))
      let parsed = try builder.valueFromString(justify, string: "center", as: Justification.self)
      XCTAssertTrue(parsed.result)
      XCTAssertEqual(parsed.value, .center)
      let angle = try XCTUnwrap(ParamSpec.property("angle", of: Label.self))
      XCTAssertEqual(
        try builder.valueFromString(angle, string: "90.5", as: Double.self).value, 90.5)
      XCTAssertThrowsError(
        try builder.valueFromString(justify, string: "sideways", as: Justification.self)
      ) {
        error in
        XCTAssertTrue((error as? GLibError)?.message.contains("sideways") ?? false, "\(error)")
      }
    }
  }
}
