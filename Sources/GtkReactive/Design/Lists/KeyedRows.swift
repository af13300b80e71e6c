// The engine of keyed list bindings: one row widget per item key, kept across updates.
import CGtk
import Reactive

/// The rows a keyed `items` binding keeps in a `ListBox` or `FlowBox`, one per item, in
/// item order.
///
/// An update matches rows to items by key: a row whose key survives stays the same
/// widget (so it keeps focus and selection) and only gets its new position and, when the
/// item changed, `update`; rows whose key is gone are removed; new keys get new rows.
/// Order is kept by a sort function over positions the rows carry (`RowOrder`), so a
/// move is a re-sort, never a removal. A repeated key gets a row of its own each time.
final class KeyedRows<Item, Key: Hashable>: ItemSource {
  /// One row: the item it shows, its key, the box's row widget and the factory's widget
  /// inside it (the same object when the factory makes the row itself).
  struct Entry {
    let key: Key
    var item: Item
    let row: Widget
    let content: Widget
  }

  let box: WeakObjectRef
  /// The box's address, for `BoundItems` (never dereferenced).
  private let boxAddress: UnsafeMutableRawPointer
  let kind: RowBox
  let key: (Item) -> Key
  private let makeContent: (Item) -> Widget
  private let update: ((Widget, Item) -> Void)?
  private let equality = ItemEquality<Item>()
  /// The rows in item order; `entries[i].row` carries position `i`.
  private(set) var entries: [Entry] = []
  private var isApplying = false
  /// Arrays sent while one was being applied.
  private var queued: [[Item]] = []
  /// Ends the binding: the source subscription, the box watch, the row removal.
  nonisolated let lifetime = CompositeDisposable()

  private let liveObject = GtkBoxes.track()

  init(
    box: Object, kind: RowBox, key: @escaping (Item) -> Key,
    makeContent: @escaping (Item) -> Widget, update: ((Widget, Item) -> Void)?
  ) {
    self.box = WeakObjectRef(box.pointer)
    self.boxAddress = UnsafeMutableRawPointer(box.pointer)
    self.kind = kind
    self.key = key
    self.makeContent = makeContent
    self.update = update
  }

  deinit { GtkBoxes.untrack(liveObject) }

  /// Orders the box by row position and applies every array `source` sends until
  /// `lifetime` is disposed or the box is destroyed.
  func start(_ source: Signal<[Item], Never>) {
    let watch = box.withObject { box -> HandlerConnection in
      kind.setOrdered(box, true)
      return HandlerConnection.watch(box) { [lifetime] in lifetime.dispose() }
    }
    guard let watch else { return lifetime.dispose() }
    lifetime.add(watch)
    BoundItems.register(self, for: boxAddress)
    // A cycle (self → lifetime → subscription → self) until the binding ends: the
    // binding lives as long as the box unless disposed earlier.
    lifetime.add(source.subscribe(next: { self.receive($0) }))
    lifetime.add { [self] in MainThread.run { self.unbind() } }
  }

  private func receive(_ items: [Item]) {
    if MainThread.isCurrent { return apply(items) }
    let box = UncheckedSendable((self, items))  // used on the main thread only
    MainThread.run { box.value.0.apply(box.value.1) }
  }

  /// Brings the rows to `items` with the fewest widget changes. An array sent while one
  /// is being applied (from `row` or `update`) is applied right after it, in order.
  func apply(_ items: [Item]) {
    guard !isApplying else { return queued.append(items) }
    isApplying = true
    defer { isApplying = false }
    var next: [Item]? = items
    while let items = next {
      applyNow(items)
      next = queued.isEmpty ? nil : queued.removeFirst()
    }
  }

  private func applyNow(_ items: [Item]) {
    guard !lifetime.isDisposed else { return }
    box.withObject { box in
      // Claim the old rows by key, first come first served.
      var byKey: [Key: [Int]] = [:]
      for (index, entry) in entries.enumerated() { byKey[entry.key, default: []].append(index) }
      let keys = items.map(key)
      var claimed = [Int?](repeating: nil, count: items.count)
      for (index, key) in keys.enumerated() {
        guard var old = byKey[key], !old.isEmpty else { continue }
        claimed[index] = old.removeFirst()
        byKey[key] = old
      }
      // A changed item without `update` gets a new row (when changes can be seen).
      if update == nil {
        for index in items.indices {
          if let old = claimed[index], equality.isComparable,
            equality.changed(entries[old].item, items[index])
          {
            claimed[index] = nil
          }
        }
      }
      var kept = [Bool](repeating: false, count: entries.count)
      for case let old? in claimed { kept[old] = true }
      for (index, entry) in entries.enumerated() where !kept[index] { remove(entry, from: box) }

      // Survivors take their new positions; re-sort only if their order changed.
      var next: [Entry?] = Array(repeating: nil, count: items.count)
      var previous = -1
      var reordered = false
      for (index, item) in items.enumerated() {
        guard let old = claimed[index] else { continue }
        var entry = entries[old]
        reordered = reordered || old < previous
        previous = old
        RowOrder.set(index, on: entry.row.pointer)
        if let update, equality.changed(entry.item, item) { update(entry.content, item) }
        entry.item = item
        next[index] = entry
      }
      if reordered { kind.invalidateOrder(box) }

      // New keys get new rows, inserted in order.
      for (index, item) in items.enumerated() where next[index] == nil {
        let content = makeContent(item)
        let row: Widget
        if cgtk_is_a(content.pointer, kind.rowType) != 0 {
          row = content
        } else {
          row = kind.makeRow()
          gtk_container_add(row.pointer(as: GtkContainer.self), content.pointer(as: GtkWidget.self))
        }
        RowOrder.set(index, on: row.pointer)
        kind.insert(box, row.pointer)
        gtk_widget_show_all(row.pointer(as: GtkWidget.self))
        next[index] = Entry(key: keys[index], item: item, row: row, content: content)
      }
      entries = next.map { $0! }
    }
  }

  func item(at index: Int) -> Any? {
    entries.indices.contains(index) ? entries[index].item : nil
  }

  /// The entry of a row of the box, if this binding placed it.
  func entry(forRow row: UnsafeMutableRawPointer?) -> Entry? {
    guard let index = RowOrder.index(of: row), entries.indices.contains(index),
      UnsafeMutableRawPointer(entries[index].row.pointer) == row
    else { return nil }
    return entries[index]
  }

  /// The selected entries of `box`, in item order.
  func selectedEntries(_ box: UnsafeMutableRawPointer) -> [Entry] {
    kind.selectedRows(box).compactMap { entry(forRow: $0) }
      .sorted { RowOrder.index(of: $0.row.pointer)! < RowOrder.index(of: $1.row.pointer)! }
  }

  /// Selects exactly the rows whose key is in `keys`.
  func select(keys: Set<Key>, in box: UnsafeMutableRawPointer) {
    kind.unselectAll(box)
    for entry in entries where keys.contains(entry.key) { kind.select(box, entry.row.pointer) }
  }

  private func remove(_ entry: Entry, from box: UnsafeMutableRawPointer) {
    RowOrder.clear(entry.row.pointer)
    if gtk_widget_get_parent(entry.row.pointer(as: GtkWidget.self))
      == box.assumingMemoryBound(to: GtkWidget.self)
    {
      gtk_container_remove(
        box.assumingMemoryBound(to: GtkContainer.self), entry.row.pointer(as: GtkWidget.self))
    }
  }

  /// Removes the rows this binding added and the box's order; after the box was
  /// destroyed, only lets the row widgets go.
  private func unbind() {
    BoundItems.unregister(self, for: boxAddress)
    box.withObject { box in
      for entry in entries { remove(entry, from: box) }
      kind.setOrdered(box, false)
    }
    entries = []
  }
}

/// What a keyed binding needs of its box: `GtkListBox` with `GtkListBoxRow`s, or
/// `GtkFlowBox` with `GtkFlowBoxChild`ren.
struct RowBox {
  /// The type of the box's rows; a factory widget of another type is wrapped in one.
  let rowType: GType
  let makeRow: () -> Widget
  let insert: (_ box: UnsafeMutableRawPointer, _ row: UnsafeMutableRawPointer) -> Void
  /// Sorts the box by row position (`true`) or not at all.
  let setOrdered: (_ box: UnsafeMutableRawPointer, Bool) -> Void
  let invalidateOrder: (_ box: UnsafeMutableRawPointer) -> Void
  /// The selected rows, borrowed.
  let selectedRows: (_ box: UnsafeMutableRawPointer) -> [UnsafeMutableRawPointer]
  let select: (_ box: UnsafeMutableRawPointer, _ row: UnsafeMutableRawPointer) -> Void
  let unselectAll: (_ box: UnsafeMutableRawPointer) -> Void
  /// Emitted when the set of selected rows changes.
  let selectionChanged: SignalKey
  /// Emitted with the row the user activates.
  let activated: SignalKey

  static let listBox = RowBox(
    rowType: gtk_list_box_row_get_type(),
    makeRow: { ListBoxRow() },
    insert: { gtk_list_box_insert(listBox($0), $1.assumingMemoryBound(to: GtkWidget.self), -1) },
    setOrdered: {
      gtk_list_box_set_sort_func(listBox($0), $1 ? RowOrder.listBoxSort : nil, nil, nil)
    },
    invalidateOrder: { gtk_list_box_invalidate_sort(listBox($0)) },
    selectedRows: { rows(consuming: gtk_list_box_get_selected_rows(listBox($0))) },
    select: {
      gtk_list_box_select_row(listBox($0), $1.assumingMemoryBound(to: GtkListBoxRow.self))
    },
    unselectAll: { gtk_list_box_unselect_all(listBox($0)) },
    selectionChanged: ListBoxKeys.shared.selectedRowsChangedSignal,
    activated: ListBoxKeys.shared.rowActivatedSignal)

  static let flowBox = RowBox(
    rowType: gtk_flow_box_child_get_type(),
    makeRow: { FlowBoxChild() },
    insert: { gtk_flow_box_insert(flowBox($0), $1.assumingMemoryBound(to: GtkWidget.self), -1) },
    setOrdered: {
      gtk_flow_box_set_sort_func(flowBox($0), $1 ? RowOrder.flowBoxSort : nil, nil, nil)
    },
    invalidateOrder: { gtk_flow_box_invalidate_sort(flowBox($0)) },
    selectedRows: { rows(consuming: gtk_flow_box_get_selected_children(flowBox($0))) },
    select: {
      gtk_flow_box_select_child(flowBox($0), $1.assumingMemoryBound(to: GtkFlowBoxChild.self))
    },
    unselectAll: { gtk_flow_box_unselect_all(flowBox($0)) },
    selectionChanged: FlowBoxKeys.shared.selectedChildrenChangedSignal,
    activated: FlowBoxKeys.shared.childActivatedSignal)

  private static func listBox(_ box: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GtkListBox> {
    box.assumingMemoryBound(to: GtkListBox.self)
  }

  private static func flowBox(_ box: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GtkFlowBox> {
    box.assumingMemoryBound(to: GtkFlowBox.self)
  }

  /// The data of a `GList` the caller owns (`transfer container`), freeing the list.
  private static func rows(consuming list: UnsafeMutablePointer<GList>?)
    -> [UnsafeMutableRawPointer]
  {
    var rows: [UnsafeMutableRawPointer] = []
    var node = list
    while let current = node {
      if let data = current.pointee.data { rows.append(data) }
      node = current.pointee.next
    }
    g_list_free(list)
    return rows
  }
}
