// Generated members with an integer C updates in place (`inout Int`) and a `GType`
// argument naming a class (the wrapper's metatype).
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class InoutAndTypeArgumentTests: GtkTestCase {
  func testInsertingTextMovesThePositionPastIt() {
    gtk {
      let entry = Entry()
      entry.text = "ad"
      let editable: any Editable = entry
      var position = 1
      editable.insertText("bc", newTextLength: -1, position: &position)
      XCTAssertEqual(entry.text, "abcd")
      XCTAssertEqual(position, 3, "GTK moved the position past the inserted text")
    }
  }

  func testAnAncestorIsFoundByItsSwiftClass() {
    gtk {
      let window = Window(type: .toplevel)
      let box = Box(orientation: .vertical, spacing: 0)
      let button = Button(label: "deep")
      window.add(box)
      box.add(button)
      XCTAssertEqual(button.ancestor(Window.self)?.pointer, window.pointer)
      XCTAssertEqual(button.ancestor(Box.self)?.pointer, box.pointer)
      XCTAssertNil(button.ancestor(Notebook.self), "no notebook above it")
      let store = Gio.ListStore(itemType: Button.self)
      store.append(button)
      XCTAssertEqual(store.nItems, 1)
      window.destroy()
    }
  }
}
