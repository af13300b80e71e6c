// Keyed items bindings of list and flow boxes: rows kept by key, typed selection.
import CGtk
import Dispatch
import GtkReactive
import GtkReactiveTesting
import Reactive
import ReactiveTesting
import XCTest

/// An item of the keyed list tests.
private struct Todo: Identifiable, Equatable {
  let id: String
  var title: String
  init(_ id: String, _ title: String? = nil) {
    self.id = id
    self.title = title ?? id
  }
}

/// The rows of `box` in display order.
@MainActor
private func rows(of box: ListBox) -> [ListBoxRow] {
  var rows: [ListBoxRow] = []
  while let row = box.rowAtIndex(rows.count) { rows.append(row) }
  return rows
}

/// The labels' texts of `box`'s rows, in display order.
@MainActor
private func titles(of box: ListBox) -> [String] {
  rows(of: box).map { row in
    Label(retaining: gtk_bin_get_child(row.pointer(as: GtkBin.self))!).text
  }
}

final class ListItemsTests: GtkTestCase {
  func testKeyedUpdateKeepsRowsOfSurvivingKeysAndMovesThem() throws {
    try gtk {
      let box = ListBox()
      let todos = PublishSubject<[Todo], Never>()
      var made: [String] = []
      var updated: [String] = []
      let list = todos.signal.bind(
        to: box.rx.items { (todo: Todo) -> Label in
          made.append(todo.id)
          return Label(todo.title)
        } update: { label, todo in
          updated.append(todo.id)
          label.text = todo.title
        })
      todos.send([Todo("a"), Todo("b"), Todo("c")])
      XCTAssertEqual(titles(of: box), ["a", "b", "c"])
      let before = rows(of: box)
      let rowB = before[1]
      let removed = Recorder(box.rx.remove)

      todos.send([Todo("c"), Todo("a", "A!"), Todo("d")])
      XCTAssertEqual(titles(of: box), ["c", "A!", "d"])
      let after = rows(of: box)
      XCTAssertEqual(after[0], before[2], "c kept its row widget")
      XCTAssertEqual(after[1], before[0], "a kept its row widget")
      XCTAssertTrue(after[0].pointer == before[2].pointer)
      XCTAssertNil(rowB.parent, "b's row was removed")
      XCTAssertEqual(removed.values, [rowB], "and no other row left the box")
      XCTAssertEqual(made, ["a", "b", "c", "d"], "only d was built")
      XCTAssertEqual(updated, ["a"], "only the changed item was updated")
      XCTAssertEqual(list.items, [Todo("c"), Todo("a", "A!"), Todo("d")])
      XCTAssertEqual(try XCTUnwrap(list.row(for: "a")), before[0])

      todos.send([Todo("d"), Todo("c"), Todo("a", "A!")])  // a pure move
      XCTAssertEqual(titles(of: box), ["d", "c", "A!"])
      XCTAssertEqual(made.count, 4)
      XCTAssertEqual(updated, ["a"])
      XCTAssertEqual(removed.values.count, 1, "a move removes no row")
      removed.subscription?.dispose()

      list.dispose()
      XCTAssertEqual(rows(of: box).count, 0, "disposing removed the rows it added")
    }
  }

  func testChangedItemsWithoutUpdateGetANewRow() {
    gtk {
      let box = ListBox()
      let todos = PublishSubject<[Todo], Never>()
      let list = todos.signal.bind(to: box.rx.items(key: \.id) { Label($0.title) })
      todos.send([Todo("a"), Todo("b")])
      let before = rows(of: box)
      todos.send([Todo("a"), Todo("b", "B")])
      let after = rows(of: box)
      XCTAssertEqual(after[0], before[0])
      XCTAssertNotEqual(after[1], before[1], "a changed item without update is rebuilt")
      XCTAssertEqual(titles(of: box), ["a", "B"])
      list.dispose()
    }
  }

  func testSelectionAndFocusSurviveAnUpdate() throws {
    try gtk {
      let window = Window(type: .toplevel)
      let box = ListBox()
      box.selectionMode = .multiple
      window.add(box)
      let todos = PublishSubject<[Todo], Never>()
      let list = todos.signal.bind(to: box.rx.items { (todo: Todo) in Label(todo.title) })
      todos.send([Todo("a"), Todo("b"), Todo("c")])
      window.showAll()
      MainLoop.iterate(for: .milliseconds(50))

      let selected = Recorder(list.selectedKeys.values)
      list.selectedKeys.on(["b", "c"])
      XCTAssertEqual(selected.values.count, 1, "the sink does not echo")
      let rowB = try XCTUnwrap(list.row(for: "b"))
      rowB.grabFocus()
      XCTAssertEqual(window.focus, rowB)

      todos.send([Todo("x"), Todo("c"), Todo("b"), Todo("y")])
      XCTAssertEqual(window.focus, rowB, "the focused row is still focused")
      XCTAssertTrue(ListBoxRow(retaining: rowB.pointer).isSelected)
      let items = Recorder(list.selectedItems.values)
      XCTAssertEqual(items.values, [[Todo("c"), Todo("b")]], "selected items, in list order")

      todos.send([Todo("x"), Todo("b")])  // c leaves: the selection loses it
      XCTAssertEqual(items.values.last, [Todo("b")])
      XCTAssertEqual(selected.values.last, ["b"])

      selected.subscription?.dispose()
      items.subscription?.dispose()
      list.dispose()
      window.destroy()
    }
  }

  func testSelectionAndActivationGiveItems() throws {
    try gtk {
      let box = ListBox()
      let todos = BehaviorSubject<[Todo], Never>(value: [Todo("a"), Todo("b"), Todo("c")])
      let list = todos.signal.bind(to: box.rx.items { (todo: Todo) in Label(todo.title) })
      let selected = Recorder(list.modelSelected)
      let activated = Recorder(list.itemActivated)
      let fromTheBox = Recorder(box.rx.modelSelected(Todo.self))
      let activatedFromTheBox = Recorder(box.rx.itemActivated(Todo.self))
      let wrongType = Recorder(box.rx.modelSelected(String.self))
      box.selectRow(try XCTUnwrap(box.rowAtIndex(1)))
      box.selectRow(try XCTUnwrap(box.rowAtIndex(2)))
      XCTAssertEqual(selected.values, [Todo("b"), Todo("c")])
      XCTAssertEqual(fromTheBox.values, [Todo("b"), Todo("c")], "RxCocoa's modelSelected(T.self)")
      XCTAssertEqual(wrongType.values, [], "items of another type are skipped")
      _ = try XCTUnwrap(box.rowAtIndex(0)).activate()
      XCTAssertEqual(activated.values, [Todo("a")])
      XCTAssertEqual(activatedFromTheBox.values, [Todo("a")])
      box.destroy()
      XCTAssertTrue(selected.completed, "destroying the box completes the signals")
      XCTAssertTrue(activated.completed)
      XCTAssertTrue(fromTheBox.completed)
      list.dispose()
    }
  }

  func testFlowBoxKeepsChildrenAndGivesItems() throws {
    try gtk {
      let box = FlowBox()
      let todos = PublishSubject<[Todo], Never>()
      let list = todos.signal.bind(to: box.rx.items { (todo: Todo) in Label(todo.title) })
      todos.send([Todo("a"), Todo("b"), Todo("c")])
      let a = try XCTUnwrap(box.childAtIndex(0))
      let c = try XCTUnwrap(box.childAtIndex(2))
      let selected = Recorder(list.modelSelected)
      box.selectChild(c)
      todos.send([Todo("c"), Todo("z"), Todo("a")])
      XCTAssertEqual(box.childAtIndex(0), c)
      XCTAssertEqual(box.childAtIndex(2), a)
      XCTAssertTrue(c.isSelected, "the selection survived the move")
      XCTAssertEqual(selected.values, [Todo("c")])
      let activated = Recorder(list.itemActivated)
      let activatedFromTheBox = Recorder(box.rx.itemActivated(Todo.self))
      let fromTheBox = Recorder(box.rx.modelSelected(Todo.self))
      _ = a.activate()  // a flow box selects the child it activates
      XCTAssertEqual(activated.values, [Todo("a")])
      XCTAssertEqual(activatedFromTheBox.values, [Todo("a")])
      XCTAssertEqual(fromTheBox.values, [Todo("a")])
      for recorder in [selected, activated, activatedFromTheBox, fromTheBox] {
        recorder.subscription?.dispose()
      }
      list.dispose()
      XCTAssertNil(box.childAtIndex(0))
    }
  }

  func testRepeatedKeysRowsMadeByTheFactoryAndBackgroundArrays() throws {
    try gtk {
      let box = ListBox()
      let names = PublishSubject<[String], Never>()
      var made = 0
      let list = names.signal.bind(
        to: box.rx.items(key: { $0 }) { (name: String) -> ListBoxRow in
          made += 1
          let row = ListBoxRow()
          row.add(Label(name))
          return row
        })
      names.send(["a", "a", "b"])
      XCTAssertEqual(titles(of: box), ["a", "a", "b"], "a repeated key gets a row each time")
      let first = try XCTUnwrap(box.rowAtIndex(0))
      XCTAssertEqual(list.row(for: "a"), first, "the factory's own row is used as is")
      names.send(["b", "a"])
      XCTAssertEqual(titles(of: box), ["b", "a"])
      XCTAssertEqual(box.rowAtIndex(1), first, "the first a kept its row")
      XCTAssertEqual(made, 3)

      DispatchQueue.global().async { names.send(["c", "b", "a"]) }
      XCTAssertTrue(MainLoop.iterate(until: { titles(of: box) == ["c", "b", "a"] }))
      XCTAssertEqual(made, 4, "applied on the main thread")
      list.dispose()
    }
  }

  func testAnArraySentFromARowClosureIsAppliedAfterTheCurrentOne() {
    gtk {
      let box = ListBox()
      let names = PublishSubject<[String], Never>()
      let list = names.signal.bind(
        to: box.rx.items(key: { $0 }) { (name: String) -> Label in
          if name == "b" { names.send(["b", "c"]) }  // re-entrant
          return Label(name)
        })
      names.send(["a", "b"])
      XCTAssertEqual(titles(of: box), ["b", "c"])
      XCTAssertEqual(list.items, ["b", "c"])
      list.dispose()
    }
  }

  func testDisposingFreesEveryBoxAndADestroyedListFreesItsRows() {
    gtk {
      let boxes = GtkBoxes.count
      let live = LiveObjectCount.current
      let probe = FinalizationProbe()
      do {
        let box = ListBox()
        let list = Signal.just([Todo("a"), Todo("b")]).bind(
          to: box.rx.items { (todo: Todo) -> Label in
            let label = Label(todo.title)
            probe.watch(label)
            return label
          })
        let selection = list.modelSelected.subscribe()
        XCTAssertEqual(probe.watched, 2)
        list.dispose()
        selection.dispose()
        MainLoop.drain()
        XCTAssertEqual(probe.finalized, 2, "disposing released the rows it removed")
        _ = box
      }
      MainLoop.drain()
      XCTAssertEqual(GtkBoxes.count, boxes, "every Swift box freed after dispose")
      XCTAssertEqual(LiveObjectCount.current, live)

      let destroyed = FinalizationProbe()
      do {
        let window = Window(type: .toplevel)
        let box = ListBox()
        window.add(box)
        destroyed.watch(box)
        let list = Signal.just([Todo("a"), Todo("b"), Todo("c")]).bind(
          to: box.rx.items { (todo: Todo) -> Label in
            let label = Label(todo.title)
            destroyed.watch(label)
            return label
          })
        _ = list  // not disposed: the box's end ends it
        window.destroy()
      }
      MainLoop.drain()
      XCTAssertEqual(destroyed.finalized, 4, "the box and every row freed")
      XCTAssertEqual(GtkBoxes.count, boxes)
      XCTAssertEqual(LiveObjectCount.current, live)
    }
  }
}
