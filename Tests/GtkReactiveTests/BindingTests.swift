// items bindings and GBinding property bindings.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class BindingTests: GtkTestCase {
  func testItemsFillTheViewInBatchesAndUnsetOnDispose() {
    gtk {
      let iconView = IconView()
      let items = PublishSubject<[String], Never>()
      var configured = 0
      let binding = items.signal.bind(
        to: iconView.rx.items(columns: [String.self], textColumn: 0) {
          row, index, item in
          configured += 1
          row.set(0, "\(index):\(item)")
        })
      items.send(["a", "b"])
      items.send(["x", "y", "z"])  // same iteration: coalesced
      XCTAssertEqual(iconView.model?.count, 0, "applied from the loop")
      MainLoop.drain()
      XCTAssertEqual(configured, 3, "only the last array was applied")
      XCTAssertEqual(iconView.model?.value(row: 2, column: 0, as: String.self), "2:z")
      items.send((0..<500).map { "\($0)" })
      MainLoop.drain()
      XCTAssertEqual(iconView.model?.count, 500)
      items.send(["only"])
      MainLoop.drain()
      XCTAssertEqual(iconView.model?.count, 1)
      binding.dispose()
      XCTAssertNil(iconView.model)
    }
  }

  func testTreeViewItemsAndSelection() throws {
    try gtk {
      let treeView = TreeView()
      treeView.appendTextColumn(title: "Name", column: 0)
      let binding = Signal.just(["a", "b", "c"]).bind(
        to: treeView.rx.items(columns: [String.self]) { row, _, item in row.set(0, item) })
      MainLoop.drain()
      XCTAssertEqual(treeView.model?.count, 3)
      let selection = try XCTUnwrap(treeView.selection)
      selection.mode = .multiple
      let selected = Recorder(selection.rx.selectedIndices.values)
      selection.selectedIndices = [0, 2]
      XCTAssertEqual(selected.values.last, [0, 2])
      let activated = Recorder(treeView.rx.activatedIndex)
      treeView.activateRow(at: 1)
      XCTAssertEqual(activated.values, [1])
      selected.subscription?.dispose()
      activated.subscription?.dispose()
      binding.dispose()
    }
  }

  func testIconViewSelectionAndActivationAsItems() {
    gtk {
      let iconView = IconView()
      let binding = Signal.just(["a", "b", "c"]).bind(
        to: iconView.rx.items(columns: [String.self], textColumn: 0) { row, _, item in
          row.set(0, item)
        })
      MainLoop.drain()
      let selected = Recorder(iconView.rx.modelSelected(String.self))
      let activated = Recorder(iconView.rx.itemActivated(String.self))
      iconView.selectedIndices = [2]
      iconView.activateItem(at: 1)
      XCTAssertEqual(selected.values, ["c"])
      XCTAssertEqual(activated.values, ["b"])
      binding.dispose()
      iconView.activateItem(at: 1)
      XCTAssertEqual(activated.values, ["b"], "after dispose the view has no items")
      selected.subscription?.dispose()
      activated.subscription?.dispose()
    }
  }

  func testALargeSameLengthRewriteDetachesOnceAndUnchangedRowsAreNotWritten() throws {
    try gtk {
      let treeView = TreeView()
      treeView.appendTextColumn(title: "Name", column: 0)
      let items = PublishSubject<[String], Never>()
      let binding = items.signal.bind(
        to: treeView.rx.items(columns: [String.self]) { row, _, item in row.set(0, item) })
      items.send((0..<10_000).map { "a\($0)" })
      MainLoop.drain()
      let store: Object = try XCTUnwrap(treeView.model)
      let modelChanges = Recorder(try treeView.rx.notify("model"))
      let rowChanges = Recorder(try store.rx.signal(named: "row-changed"))

      let selection = try XCTUnwrap(treeView.selection)
      selection.mode = .multiple
      selection.selectedIndices = [5, 9_999]
      items.send((0..<10_000).map { "b\($0)" })  // same length, every row changed
      MainLoop.drain()
      XCTAssertEqual(modelChanges.values.count, 2, "one detach: unset, then set again")
      XCTAssertEqual(selection.selectedIndices, [5, 9_999], "the selection survived the detach")
      XCTAssertEqual(treeView.model?.value(row: 9_999, column: 0, as: String.self), "b9999")

      items.send((0..<10_000).map { "b\($0)" })  // nothing changed
      MainLoop.drain()
      var one = (0..<10_000).map { "b\($0)" }
      one[5_000] = "changed"
      let rowsBefore = rowChanges.values.count
      items.send(one)  // one row changed: written attached
      MainLoop.drain()
      XCTAssertEqual(modelChanges.values.count, 2, "small changes stay attached")
      XCTAssertEqual(rowChanges.values.count - rowsBefore, 1, "only the changed row written")
      XCTAssertEqual(treeView.model?.value(row: 5_000, column: 0, as: String.self), "changed")

      modelChanges.subscription?.dispose()
      rowChanges.subscription?.dispose()
      binding.dispose()
    }
  }

  func testRemoveLastRemovesFromTheEnd() {
    gtk {
      let store = ListStore(columns: [Int.self])
      store.append(count: 10)
      for row in 0..<10 { store.set(row, row: row, column: 0) }
      store.removeLast(3)
      XCTAssertEqual(store.count, 7)
      XCTAssertEqual(store.value(row: 6, column: 0, as: Int.self), 6)
      store.removeLast()
      XCTAssertEqual(store.count, 6)
      store.removeLast(100)
      XCTAssertEqual(store.count, 0)
      store.removeLast()  // empty: nothing to do
    }
  }

  func testGBindingFlagsAndTransforms() throws {
    try gtk {
      let toggle = ToggleButton(label: "T")
      let entry = Entry()
      let label = Label()
      let direct = try toggle.rx.bind("active", to: entry, "sensitive")
      XCTAssertFalse(entry.isSensitive, "sync-create copied false")
      toggle.isActive = true
      XCTAssertTrue(entry.isSensitive)

      let inverted = try toggle.rx.bind(
        "active", to: label, "visible", flags: [.syncCreate, .invertBoolean])
      XCTAssertFalse(label.isVisible)

      let adjustment = Adjustment(
        value: 2, lower: 0, upper: 10, stepIncrement: 1, pageIncrement: 10, pageSize: 0)
      let described = try adjustment.rx.bind(
        "value", to: label, "label", transform: { (value: Double) in "value \(Int(value))" })
      XCTAssertEqual(label.text, "value 2")
      adjustment.value = 7
      XCTAssertEqual(label.text, "value 7")

      let spin = SpinButton(min: 0, max: 100, step: 1)
      let twoWay = try adjustment.rx.bind(
        "value", to: spin, "value", flags: [.syncCreate, .bidirectional],
        transform: { (value: Double) in value * 10 },
        transformBack: { (value: Double) in value / 10 })
      XCTAssertEqual(spin.value, 70)
      spin.value = 30
      XCTAssertEqual(adjustment.value, 3)

      for binding in [direct, inverted, described, twoWay] { binding.dispose() }
      toggle.isActive = false
      XCTAssertTrue(entry.isSensitive, "unbound")
      direct.dispose()  // twice: harmless
    }
  }

  func testBuilderWrapsObjectsFromUIFiles() throws {
    try gtk {
      let builder = Builder(
        string: """
          <interface>
            <object class="GtkWindow" id="window">
              <child><object class="GtkButton" id="ok"><property name="label">OK</property></object></child>
            </object>
          </interface>
          """)
      let button = try XCTUnwrap(builder.object("ok", as: Button.self))
      XCTAssertEqual(button.label, "OK")
      XCTAssertNil(builder.object("ok", as: Entry.self))
      let again = try XCTUnwrap(builder.object("ok", as: Button.self))
      XCTAssertEqual(button, again, "wrapping twice is safe and equal")
      builder.object("window", as: Window.self)?.destroy()
    }
  }
}
