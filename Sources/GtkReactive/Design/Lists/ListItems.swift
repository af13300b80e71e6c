// The live keyed binding of a list or flow box: its items, typed selection and activation.
import CGtk
import Reactive

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
      .oneArgument { _, row in
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
