// Generated members that take a C callback with its user data as a Swift closure: filter
// and sort functions GTK keeps (released by its destroy notifier), a `foreach` called
// during the call, a clipboard request answered later, once, and a tick callback.
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class CallbackMembersTests: GtkTestCase {
  /// A list box with a label row per name, in a shown window.
  @MainActor private static func listBox(_ names: [String]) -> (Window, ListBox, [ListBoxRow]) {
    let window = Window(type: .toplevel)
    let list = ListBox()
    window.add(list)
    var rows: [ListBoxRow] = []
    for name in names {
      let row = ListBoxRow()
      row.add(Label(name))
      list.add(row)
      rows.append(row)
    }
    window.showAll()
    MainLoop.iterate(for: .milliseconds(50))
    return (window, list, rows)
  }

  func testAFilterClosureDecidesWhichRowsShowAndIsReleasedWhenReplaced() {
    gtk {
      let (window, list, rows) = Self.listBox(["apple", "banana", "cherry"])
      final class Token {}
      weak var captured: Token?
      do {
        let token = Token()
        captured = token
        list.setFilterFunc { row in
          _ = token
          return row.index != 1
        }
      }
      XCTAssertEqual(rows.map(\.childVisible), [true, false, true], "banana filtered out")
      XCTAssertNotNil(captured, "GTK keeps the filter, and so its closure")

      list.setFilterFunc(nil)
      XCTAssertEqual(rows.map(\.childVisible), [true, true, true], "no filter: every row")
      XCTAssertNil(captured, "GTK's destroy notifier released the replaced closure")
      window.destroy()
    }
  }

  func testASortClosureOrdersTheRows() {
    gtk {
      let (window, list, rows) = Self.listBox(["a", "b", "c"])
      let names = Dictionary(uniqueKeysWithValues: zip(rows.map(\.pointer), ["a", "b", "c"]))
      list.setSortFunc { first, second in
        // Z to A.
        let (x, y) = (names[first.pointer] ?? "", names[second.pointer] ?? "")
        return x == y ? 0 : x > y ? -1 : 1
      }
      XCTAssertEqual(rows.map(\.index), [2, 1, 0], "c, b, a")
      list.setSortFunc(nil)
      window.destroy()
    }
  }

  func testABoundModelGetsARowWidgetFromItsClosureForEachItem() {
    gtk {
      let store = Gio.ListStore(itemType: Adjustment.self)
      let list = ListBox()
      list.bindModel(store) { item in
        // The closure's widget is GTK's to keep (a reference given).
        Label("\(Int(item.cast(to: Adjustment.self)?.value ?? -1))")
      }
      for value in [3.0, 1.0] {
        store.append(
          Adjustment(
            value: value, lower: 0, upper: 10, stepIncrement: 1,
            pageIncrement: 1, pageSize: 0))
      }
      let texts = list.children.map { row in
        (row.cast(to: ListBoxRow.self)?.child?.cast(to: Label.self)?.text) ?? "?"
      }
      XCTAssertEqual(texts, ["3", "1"])
      store.remove(0)
      XCTAssertEqual(list.children.count, 1, "the row left with its item")
      list.destroy()
    }
  }

  func testAForeachClosureSeesEveryChildDuringTheCall() {
    gtk {
      let box = Box(orientation: .horizontal, spacing: 0)
      for name in ["one", "two", "three"] { box.add(Label(name)) }
      var seen: [String] = []
      box.foreach { child in
        seen.append(child.cast(to: Label.self)?.text ?? "?")
      }
      XCTAssertEqual(seen, ["one", "two", "three"])
      box.destroy()
    }
  }

  func testAClipboardRequestIsAnsweredOnceByItsClosure() {
    gtk {
      guard let clipboard = Clipboard.get("CLIPBOARD") else {
        return XCTFail("no clipboard")
      }
      clipboard.setText("from the callback test")
      var answers: [String?] = []
      clipboard.requestText { source, text in
        XCTAssertTrue(source.pointer == clipboard.pointer, "the clipboard asked")
        answers.append(text)
      }
      XCTAssertTrue(MainLoop.iterate(until: { !answers.isEmpty }, timeout: .seconds(5)))
      MainLoop.iterate(for: .milliseconds(50))
      XCTAssertEqual(answers, ["from the callback test"], "called once, with the text")
    }
  }

  func testATickCallbackRunsEachFrameUntilItReturnsFalse() {
    gtk {
      let window = Window(type: .toplevel)
      let area = DrawingArea()
      window.add(area)
      window.showAll()
      var frames = 0
      final class Token {}
      weak var captured: Token?
      do {
        let token = Token()
        captured = token
        _ = area.addTickCallback { widget, clock in
          _ = token
          XCTAssertTrue(widget.pointer == area.pointer)
          XCTAssertGreaterThan(clock.frameTime, 0)
          frames += 1
          return frames < 3
        }
      }
      XCTAssertTrue(
        MainLoop.iterate(until: { frames >= 3 && captured == nil }, timeout: .seconds(5)))
      MainLoop.iterate(for: .milliseconds(100))
      XCTAssertEqual(frames, 3, "returning false removed the callback")
      XCTAssertNil(captured, "and released its closure")
      window.destroy()
    }
  }
}
