// Keyed `items` bindings of list and flow boxes: a row widget per item, kept by key.
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
