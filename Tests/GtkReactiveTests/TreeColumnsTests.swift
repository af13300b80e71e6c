// Tree views bound through typed columns: renderers, toggles, selection as items.
import CGtk
import Dispatch
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

/// A row of the tree-column tests.
private struct Task {
  var title: String
  var isDone: Bool
  var percent: Int
  var icon: Pixbuf?
}

/// The first renderer of view column `index`.
@MainActor
private func renderer(_ treeView: TreeView, column index: Int) throws -> UnsafeMutableRawPointer {
  let column = try XCTUnwrap(treeView.column(index))
  let cells = gtk_cell_layout_get_cells(OpaquePointer(column.pointer))
  defer { g_list_free(cells) }
  return try XCTUnwrap(cells?.pointee.data)
}

/// Applies row `row`'s attributes to the renderers of view column `index`, as drawing
/// would, so their properties can be read back.
@MainActor
private func applyAttributes(_ treeView: TreeView, column index: Int, row: Int) throws {
  let column = try XCTUnwrap(treeView.column(index))
  let model = try XCTUnwrap(gtk_tree_view_get_model(treeView.pointer(as: GtkTreeView.self)))
  var iter = GtkTreeIter()
  XCTAssertNotEqual(gtk_tree_model_iter_nth_child(model, &iter, nil, Int32(row)), 0)
  gtk_tree_view_column_cell_set_cell_data(
    column.pointer(as: GtkTreeViewColumn.self), model, &iter, 0, 0)
}

/// Emits `toggled` with `path` on a toggle renderer, as a click on its cell would.
@MainActor
private func emitToggled(_ renderer: UnsafeMutableRawPointer, path: String) {
  var arguments = [GValue(), GValue()]
  arguments.withUnsafeMutableBufferPointer { values in
    g_value_init(&values[0], gtk_cell_renderer_toggle_get_type())
    g_value_set_object(&values[0], renderer)
    g_value_init(&values[1], cgtk_type_string())
    g_value_set_string(&values[1], path)
    g_signal_emitv(
      values.baseAddress, g_signal_lookup("toggled", gtk_cell_renderer_toggle_get_type()), 0,
      nil)
    g_value_unset(&values[0])
    g_value_unset(&values[1])
  }
}

final class TreeColumnsTests: GtkTestCase {
  func testColumnsFeedTheirRenderers() throws {
    try gtk {
      let treeView = TreeView()
      let icon = Pixbuf(colorspace: .rgb, hasAlpha: false, bitsPerSample: 8, width: 4, height: 4)
      let tasks = [
        Task(title: "write", isDone: true, percent: 40, icon: icon),
        Task(title: "test", isDone: false, percent: 150, icon: nil),
      ]
      let table = Signal.just(tasks).bind(
        to: treeView.rx.items([
          .text("Title", \.title),
          .toggle("Done", \.isDone),
          .pixbuf("Icon", \.icon),
          .progress("Progress", \.percent, text: { "\($0.percent)%" }),
        ]))
      MainLoop.drain()
      XCTAssertEqual(treeView.nColumns, 4)
      XCTAssertEqual(treeView.column(3)?.title, "Progress")
      let model = try XCTUnwrap(treeView.model)
      XCTAssertEqual(model.count, 2)
      XCTAssertEqual(model.value(row: 0, column: 0, as: String.self), "write")
      XCTAssertEqual(model.value(row: 0, column: 1, as: Bool.self), true)
      XCTAssertEqual(model.value(row: 0, column: 2, as: Pixbuf.self), icon)
      XCTAssertEqual(model.value(row: 1, column: 3, as: Int32.self), 100, "clamped to 0…100")
      XCTAssertEqual(model.value(row: 1, column: 4, as: String.self), "150%")

      try applyAttributes(treeView, column: 1, row: 0)
      let toggle = CellRendererToggle(retaining: try renderer(treeView, column: 1))
      XCTAssertTrue(toggle.isActive)
      try applyAttributes(treeView, column: 2, row: 0)
      let pixbuf = CellRendererPixbuf(retaining: try renderer(treeView, column: 2))
      XCTAssertEqual(pixbuf.pixbuf, icon)
      try applyAttributes(treeView, column: 3, row: 0)
      let progress = CellRendererProgress(retaining: try renderer(treeView, column: 3))
      XCTAssertEqual(progress.value, 40)
      XCTAssertEqual(progress.text, "40%")
      try applyAttributes(treeView, column: 0, row: 1)
      XCTAssertEqual(CellRendererText(retaining: try renderer(treeView, column: 0)).text, "test")

      table.dispose()
      XCTAssertEqual(treeView.nColumns, 0, "disposing removed the columns")
      XCTAssertNil(treeView.model)
    }
  }

  func testToggleSelectionAndActivationGiveItems() throws {
    try gtk {
      let treeView = TreeView()
      let tasks = BehaviorSubject<[Task], Never>(value: [
        Task(title: "a", isDone: false, percent: 0), Task(title: "b", isDone: true, percent: 0),
      ])
      let table = tasks.signal.bind(
        to: treeView.rx.items([.text("Title", \.title), .toggle("Done", \.isDone)]))
      MainLoop.drain()
      let toggled = Recorder(
        table.itemToggled.map { "\($0.item.title) \($0.isActive) \($0.column)" })
      emitToggled(try renderer(treeView, column: 1), path: "1")
      emitToggled(try renderer(treeView, column: 1), path: "0")
      XCTAssertEqual(toggled.values, ["b false 1", "a true 1"])

      let selection = try XCTUnwrap(treeView.selection)
      let selected = Recorder(table.modelSelected.map(\.title))
      let fromTheView = Recorder(treeView.rx.modelSelected(Task.self).map(\.title))
      let all = Recorder(table.selectedItems.map { $0.map(\.title) })
      selection.selectedIndices = [1]
      XCTAssertEqual(selected.values, ["b"])
      XCTAssertEqual(fromTheView.values, ["b"])
      XCTAssertEqual(all.values, [[], ["b"]])

      let activated = Recorder(table.itemActivated.map(\.title))
      let activatedFromTheView = Recorder(treeView.rx.itemActivated(Task.self).map(\.title))
      treeView.activateRow(at: 0)
      XCTAssertEqual(activated.values, ["a"])
      XCTAssertEqual(activatedFromTheView.values, ["a"])
      fromTheView.subscription?.dispose()
      activatedFromTheView.subscription?.dispose()
      XCTAssertEqual(table.items.map(\.title), ["a", "b"])

      for recorder in [toggled.subscription, selected.subscription, activated.subscription] {
        recorder?.dispose()
      }
      all.subscription?.dispose()
      table.dispose()
    }
  }

  func testArraysFromAnotherThreadAreAppliedOnTheMainLoop() {
    gtk {
      let treeView = TreeView()
      let tasks = PublishSubject<[Task], Never>()
      let table = tasks.signal.bind(to: treeView.rx.items([.text("Title", \.title)]))
      DispatchQueue.global().async {
        for count in 1...50 {
          tasks.send((0..<count).map { Task(title: "\($0)", isDone: false, percent: 0) })
        }
      }
      XCTAssertTrue(MainLoop.iterate(until: { table.items.count == 50 }))
      XCTAssertEqual(treeView.model?.count, 50)
      XCTAssertEqual(treeView.model?.value(row: 49, column: 0, as: String.self), "49")
      table.dispose()
    }
  }

  func testTheBindingEndsWithItsViewAndFreesEveryBox() {
    gtk {
      let boxes = GtkBoxes.count
      let probe = FinalizationProbe()
      do {
        let window = Window(type: .toplevel)
        let treeView = TreeView()
        window.add(treeView)
        probe.watch(treeView)
        let table = Signal.just([Task(title: "a", isDone: true, percent: 5)]).bind(
          to: treeView.rx.items([.text("Title", \.title), .toggle("Done", \.isDone)]))
        MainLoop.drain()
        let toggled = Recorder(table.itemToggled)
        let selected = Recorder(table.modelSelected)
        window.destroy()
        MainLoop.drain()
        XCTAssertTrue(selected.completed, "the view's end completes the selection")
        toggled.subscription?.dispose()
        _ = table
      }
      MainLoop.drain()
      XCTAssertEqual(probe.finalized, 1, "the tree view was freed")
      XCTAssertEqual(GtkBoxes.count, boxes, "every Swift box freed")
    }
  }
}
