// Generated members whose `GValue *` C fills (child, cell and style properties, a tree
// model's cell): generic over the Swift type the caller reads the value as.
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class FilledValueMembersTests: GtkTestCase {
  func testAChildPropertyReadsAsTheTypeAskedForAndTransformsToAnother() {
    gtk {
      let box = Box(orientation: .horizontal, spacing: 0)
      let first = Label("a")
      let second = Label("b")
      box.packStart(first, expand: false, fill: false, padding: 3)
      box.packStart(second, expand: true, fill: true, padding: 0)
      XCTAssertEqual(box.childGetProperty(second, propertyName: "position", as: Int32.self), 1)
      XCTAssertEqual(box.childGetProperty(first, propertyName: "padding", as: UInt32.self), 3)
      let expands: Bool? = box.childGetProperty(second, propertyName: "expand")
      XCTAssertEqual(expands, true, "the type comes from the result")
      // GTK transforms the child property's `gint` into the string the caller asked for.
      XCTAssertEqual(box.childGetProperty(second, propertyName: "position", as: String.self), "1")
      box.childSetProperty(second, propertyName: "position", value: Int32(0))
      XCTAssertEqual(box.childGetProperty(second, propertyName: "position", as: Int32.self), 0)
    }
  }

  func testACellPropertyOfARendererInACellArea() {
    gtk {
      let area = CellAreaBox()
      let fixed = CellRendererText()
      let growing = CellRendererText()
      area.packStart(fixed, expand: false, align: true, fixed: true)
      area.packStart(growing, expand: true, align: false, fixed: false)
      XCTAssertEqual(area.cellGetProperty(fixed, propertyName: "expand", as: Bool.self), false)
      XCTAssertEqual(area.cellGetProperty(growing, propertyName: "expand", as: Bool.self), true)
      XCTAssertEqual(area.cellGetProperty(fixed, propertyName: "align", as: Bool.self), true)
    }
  }

  func testAStylePropertyReadsTheSameThroughTheWidgetAndItsStyleContext() {
    gtk {
      let paned = Paned(orientation: .horizontal)
      let size = paned.styleGetProperty("handle-size", as: Int32.self)
      XCTAssertNotNil(size)
      XCTAssertEqual(paned.styleContext?.styleProperty("handle-size", as: Int32.self), size)
      XCTAssertEqual(paned.styleGetProperty("handle-size", as: String.self), size.map { "\($0)" })
    }
  }

  func testACSSPropertyOfAStyleContextIsAValueCInitializes() throws {
    try gtk {
      let label = Label("red")
      let provider = CssProvider()
      try provider.loadFromData(Array("label { color: #ff0000; }".utf8))
      let context = try XCTUnwrap(label.styleContext)
      context.addProvider(provider, priority: 800)
      let color = try XCTUnwrap(context.property("color", state: .normal, as: RGBA.self))
      XCTAssertEqual(color.red, 1)
      XCTAssertEqual(color.green, 0)
      XCTAssertEqual(color.alpha, 1)
      XCTAssertNil(
        context.property("color", state: .normal, as: Int32.self),
        "a colour does not transform to an integer: nil, not a guess")
    }
  }

  func testAListStoresCellSetFromAnyValueAndReadAsAType() {
    gtk {
      let store = ListStore(columns: [String.self, Int32.self])
      let row = store.append()
      store.setValue(row, column: 0, value: "twelve")
      store.setValue(row, column: 1, value: Int32(12))
      XCTAssertEqual(store.value(row, column: 0, as: String.self), "twelve")
      XCTAssertEqual(store.value(row, column: 1, as: Int32.self), 12)
      XCTAssertEqual(store.value(row, column: 1, as: Double.self), 12, "transformed")
      XCTAssertEqual(store.value(row: 0, column: 0, as: String.self), "twelve")
    }
  }
}
