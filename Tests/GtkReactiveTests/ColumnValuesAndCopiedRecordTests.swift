// A store's row set from one dictionary of column values, and records C gives that are
// copied into Swift values: a clipboard's contents waited for, where a style was set.
import CGtk
import GtkReactiveTesting
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class ColumnValuesAndCopiedRecordTests: GtkTestCase {
  func testAListStoreRowIsSetFromOneDictionaryOfColumnValues() {
    gtk {
      let store = ListStore(types: [String.self, Int32.self, Double.self])
      let first = store.insertWithValues(-1, values: [0: "apple", 1: Int32(3)])
      XCTAssertEqual(store.value(first, column: 0, as: String.self), "apple")
      XCTAssertEqual(store.value(first, column: 1, as: Int32.self), 3)
      XCTAssertEqual(store.value(first, column: 2, as: Double.self), 0, "a column not given")

      // Values of another Swift type are converted to the column's, as GTK converts.
      store.set(first, values: [2: 2.5, 1: 7])
      XCTAssertEqual(store.value(first, column: 1, as: Int32.self), 7, "Int into a gint column")
      XCTAssertEqual(store.value(first, column: 2, as: Double.self), 2.5)
      XCTAssertEqual(store.value(first, column: 0, as: String.self), "apple", "left as it was")

      _ = store.insertWithValues(0, values: [0: "banana"])
      XCTAssertEqual(
        store.value(store.iterFirst().iter, column: 0, as: String.self), "banana",
        "inserted at the position given")
      XCTAssertEqual(store.iterNChildren(nil), 2)
    }
  }

  func testATreeStoreRowIsSetFromOneDictionaryUnderItsParent() {
    gtk {
      let store = TreeStore(types: [String.self, Bool.self])
      let parent = store.insertWithValues(nil, position: -1, values: [0: "fruit"])
      let child = store.insertWithValues(parent, position: -1, values: [0: "pear", 1: true])
      XCTAssertEqual(store.iterNChildren(parent), 1)
      XCTAssertEqual(store.value(child, column: 0, as: String.self), "pear")
      XCTAssertEqual(store.value(child, column: 1, as: Bool.self), true)
      store.set(child, values: [1: false])
      XCTAssertEqual(store.value(child, column: 1, as: Bool.self), false)
    }
  }

  func testWaitingForAClipboardsContentsGivesACopyOfWhatWasCopied() {
    gtk {
      guard let clipboard = Clipboard.get("CLIPBOARD") else { return XCTFail("no clipboard") }
      clipboard.setText("copied words")
      let contents = clipboard.waitForContents("UTF8_STRING")
      XCTAssertEqual(contents?.text, "copied words")
      XCTAssertEqual(contents?.target, "UTF8_STRING")
      XCTAssertNil(clipboard.waitForContents("image/x-none-such"), "a form not offered")
    }
  }

  func testAStyleContextSaysWhereInTheStyleSheetAPropertyWasSet() throws {
    try gtk {
      // GTK keeps where each declaration came from only once its inspector has been
      // opened (the function is meant for debugging); before, it answers nil.
      Window.setInteractiveDebugging(true)
      Window.setInteractiveDebugging(false)
      let label = Label("styled")
      let provider = CssProvider()
      let css = "label {\n  color: #ff0000;\n}\n"
      XCTAssertTrue(try provider.loadFromData(Array(css.utf8)))
      let context = try XCTUnwrap(label.styleContext)
      context.addProvider(provider, priority: Int(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
      let section = try XCTUnwrap(context.section("color"))
      XCTAssertEqual(section.startLine, 1, "the declaration's line, from 0")
      XCTAssertNil(section.fileURI, "loaded from data")
    }
  }
}
