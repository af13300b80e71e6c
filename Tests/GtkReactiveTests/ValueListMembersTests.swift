// Generated members that return a GLib list of strings or tree paths, as Swift arrays
// (freeing the list, and the elements when the transfer gives them).
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class ValueListMembersTests: GtkTestCase {
  func testAStyleContextListsItsClassesAsStrings() {
    gtk {
      let button = Button()
      guard let style = button.styleContext else { return XCTFail("no style context") }
      style.addClass("suggested-action")
      style.addClass("circular")
      XCTAssertEqual(
        Set(style.listClasses()).intersection(["suggested-action", "circular"]),
        ["suggested-action", "circular"])
      style.removeClass("circular")
      XCTAssertFalse(style.listClasses().contains("circular"))
      button.destroy()
    }
  }

  func testATreeSelectionGivesItsSelectedRowsAsPaths() {
    gtk {
      let store = ListStore(columns: [String.self])
      for _ in 0..<4 { _ = store.append() }
      let view = TreeView(model: store)
      guard let selection = view.selection else { return XCTFail("no selection") }
      selection.mode = .multiple
      selection.selectPath(TreePath([1]))
      selection.selectPath(TreePath([3]))
      let (rows, model) = selection.selectedRows()
      XCTAssertEqual(rows.map(\.indices), [[1], [3]])
      XCTAssertNotNil(model)
      view.destroy()
    }
  }
}
