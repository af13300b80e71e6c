// Keyed `items` bindings of list and flow boxes: a row widget per item, kept by key.
import CGtk
import Reactive

extension Reactive where Base: ListBox {
  /// Binds arrays of items to the list box, one row per item, matched across updates by
  /// `key`.
  ///
  /// ```swift
  /// let list = todos.bind(to: listBox.rx.items(key: \.id) { todo in
  ///   CheckButton(label: todo.title)
  /// } update: { check, todo in
  ///   check.label = todo.title
  /// })
  /// list.modelSelected.subscribe(next: { todo in … })
  /// ```
  ///
  /// An update keeps the row widget of every item whose key survives: no rebuild, and
  /// focus and selection stay. Rows of vanished keys are removed, new keys get a row from
  /// `row`, and moved items are re-sorted in place. When a kept item changed (by `==`
  /// when `Item` is `Equatable`, otherwise on every update), `update` gets the row's
  /// widget and the new item; without `update`, a changed `Equatable` item gets a new
  /// row. A widget `row` returns that is not a `ListBoxRow` is wrapped in one; new rows
  /// are shown with `showAll()`. The binding orders the box (its sort function): do not
  /// add rows of your own or set another sort function while it runs.
  ///
  /// Arrays are applied at once on the main thread (from other threads, on the main
  /// loop). Disposing the result removes the rows it added; destroying the box ends the
  /// binding. The binding holds the box weakly and its rows strongly, so closures must
  /// not capture the box.
  ///
  /// - Parameters:
  ///   - key: identifies an item across arrays (a key path such as `\.id` works).
  ///   - row: makes the widget of a new item.
  ///   - update: refreshes a kept row's widget for its changed item.
  /// - Returns: a binding function for `signal.bind(to:)`, which returns the live
  ///   binding: typed selection and activation, and the disposable that ends it.
  /// - Complexity: O(n) per update, plus O(n log n) when the order of kept rows changed,
  ///   and GTK's cost for each row added or removed.
  public func items<Item, Key: Hashable, Row: Widget>(
    key: @escaping (Item) -> Key,
    row: @escaping (Item) -> Row,
    update: ((Row, Item) -> Void)? = nil
  ) -> (Signal<[Item], Never>) -> ListItems<Item, Key> {
    ListItems.binding(base, kind: .listBox, key: key, row: row, update: update)
  }

  /// Binds arrays of identifiable items to the list box, keyed by `id`; see
  /// `items(key:row:update:)`.
  public func items<Item: Identifiable, Row: Widget>(
    row: @escaping (Item) -> Row,
    update: ((Row, Item) -> Void)? = nil
  ) -> (Signal<[Item], Never>) -> ListItems<Item, Item.ID> {
    ListItems.binding(base, kind: .listBox, key: \.id, row: row, update: update)
  }
}

extension Reactive where Base: FlowBox {
  /// Binds arrays of items to the flow box, one child per item, matched across updates
  /// by `key`; see `ListBox`'s `items(key:row:update:)`. A widget `row` returns that is
  /// not a `FlowBoxChild` is wrapped in one.
  public func items<Item, Key: Hashable, Row: Widget>(
    key: @escaping (Item) -> Key,
    row: @escaping (Item) -> Row,
    update: ((Row, Item) -> Void)? = nil
  ) -> (Signal<[Item], Never>) -> ListItems<Item, Key> {
    ListItems.binding(base, kind: .flowBox, key: key, row: row, update: update)
  }

  /// Binds arrays of identifiable items to the flow box, keyed by `id`.
  public func items<Item: Identifiable, Row: Widget>(
    row: @escaping (Item) -> Row,
    update: ((Row, Item) -> Void)? = nil
  ) -> (Signal<[Item], Never>) -> ListItems<Item, Item.ID> {
    ListItems.binding(base, kind: .flowBox, key: \.id, row: row, update: update)
  }
}

/// A live keyed `items` binding of a `ListBox` or `FlowBox`: the items it shows, their
/// rows, typed selection and activation; disposing it ends the binding and removes its
/// rows.
///
/// Selection and activation give items, never indices (RxCocoa's `modelSelected`).
/// Each signal completes when the box is destroyed; the binding holds the box weakly.
@MainActor
public final class ListItems<Item, Key: Hashable>: Disposable {
  private let rows: KeyedRows<Item, Key>
  private nonisolated let lifetime: CompositeDisposable

  private init(_ rows: KeyedRows<Item, Key>) {
    self.rows = rows
    self.lifetime = rows.lifetime
  }

  static func binding<Row: Widget>(
    _ box: Object, kind: RowBox, key: @escaping (Item) -> Key,
    row: @escaping (Item) -> Row, update: ((Row, Item) -> Void)?
  ) -> (Signal<[Item], Never>) -> ListItems {
    { source in
      let rows = KeyedRows(
        box: box, kind: kind, key: key, makeContent: row,
        update: update.map { update in { widget, item in update(widget as! Row, item) } })
      rows.start(source)
      return ListItems(rows)
    }
  }

  /// The items shown now, in order.
  public var items: [Item] { rows.entries.map(\.item) }

  /// The box's row (`ListBoxRow` or `FlowBoxChild`) of the first item with `key`.
  public func row(for key: Key) -> Widget? {
    rows.entries.first { $0.key == key }?.row
  }

  /// Each item the selection gains, by the user or programmatically (in a single-
  /// selection box: each item selected).
  public var modelSelected: Signal<Item, Never> {
    guard let box = rows.box.withObject({ Object(retaining: $0) }) else { return .empty() }
    return box.rx.selectionGains(rows.kind) { [rows] _, row in rows.entry(forRow: row)?.item }
  }

  /// The item of each row the user activates (click, Enter).
  public var itemActivated: Signal<Item, Never> {
    guard let box = rows.box.withObject({ Object(retaining: $0) }) else { return .empty() }
    return box.rx.controlEvent(rows.kind.activated) { [rows] _, observer in
      .oneArgument { row in
        if let entry = rows.entry(forRow: row) { observer.send(entry.item) }
        return false
      }
    }
  }

  /// The selected items in order: current, then every change; a sink that selects the
  /// rows of the items it gets (by key), without echo.
  public var selectedItems: ControlProperty<[Item]> {
    selection(get: { $0.item }, keys: { [rows] items in Set(items.map(rows.key)) })
  }

  /// The keys of the selected items in order: current, then every change; a sink that
  /// selects the rows of the keys it gets, without echo.
  public var selectedKeys: ControlProperty<[Key]> {
    selection(get: { $0.key }, keys: { Set($0) })
  }

  /// Ends the binding: removes the rows it added and the box's order.
  public nonisolated func dispose() { lifetime.dispose() }

  private func selection<Value>(
    get: @escaping (KeyedRows<Item, Key>.Entry) -> Value,
    keys: @escaping ([Value]) -> Set<Key>
  ) -> ControlProperty<[Value]> {
    let rows = self.rows
    // A destroyed box: a property of a throwaway object, which completes at once and
    // ignores what it is sent.
    let box =
      rows.box.withObject { Object(retaining: $0) }
      ?? Object(takingOwnership: g_object_new_with_properties(g_object_get_type(), 0, nil, nil))
    return box.rx.controlProperty(
      event: rows.kind.selectionChanged,
      get: { rows.selectedEntries($0).map(get) },
      set: { rows.select(keys: keys($1), in: $0) })
  }
}
