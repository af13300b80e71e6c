// A filter model's columns computed by a Swift closure from the child model's rows.
import GtkReactiveTesting
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class FilterModifyMembersTests: GtkTestCase {
  private final class Token {}

  func testAFilterModelShowsColumnsItsClosureComputesAndReleasesItWithTheModel() throws {
    try gtk {
      let store = ListStore(types: [String.self, Int32.self])
      for (name, count) in [("apples", 3), ("pears", 0)] {
        _ = store.insertWithValues(-1, values: [0: name, 1: Int32(count)])
      }
      weak var captured: Token?
      var asked: Set<Int> = []
      do {
        let filter = try XCTUnwrap(
          store.filterNew(nil)?.cast(to: TreeModelFilter.self))
        let token = Token()
        captured = token
        filter.setModifyFunc([String.self, Bool.self]) { model, iter, column in
          _ = token
          asked.insert(column)
          // The filter's row, read from the child model it stands for.
          guard let filter = model.cast(to: TreeModelFilter.self) else { return nil }
          let row = filter.convertIterToChildIter(iter)
          let name = store.value(row, column: 0, as: String.self) ?? "?"
          let count = store.value(row, column: 1, as: Int32.self) ?? 0
          return column == 0 ? "\(count) \(name)" : count > 0
        }
        XCTAssertEqual(filter.nColumns, 2, "the columns the closure computes")
        let first = filter.iterFirst().iter
        XCTAssertEqual(filter.value(first, column: 0, as: String.self), "3 apples")
        XCTAssertEqual(filter.value(first, column: 1, as: Bool.self), true)
        var second = first
        XCTAssertTrue(filter.iterNext(&second))
        XCTAssertEqual(filter.value(second, column: 0, as: String.self), "0 pears")
        XCTAssertEqual(filter.value(second, column: 1, as: Bool.self), false)
        XCTAssertEqual(asked, [0, 1])
        XCTAssertNotNil(captured, "the filter keeps its closure")
      }
      XCTAssertTrue(
        MainLoop.iterate(until: { captured == nil }, timeout: .seconds(5)),
        "finalizing the filter released its closure")
    }
  }
}
