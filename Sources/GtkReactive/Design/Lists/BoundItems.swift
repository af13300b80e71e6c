// Typed selection and activation from the widget alone: `listBox.rx.modelSelected(T.self)`.
import CGtk
import Reactive

/// A list binding that can say which item a row shows.
protocol ItemSource: AnyObject {
  /// The item shown at row `index`, if any.
  func item(at index: Int) -> Any?
}

/// The `items` binding of each bound view, by view address, so that a view's typed
/// signals (RxCocoa's `modelSelected(T.self)`) find the items at event time. Bindings
/// register when they start and unregister when they end; entries are weak.
enum BoundItems {
  private final class Entry {
    weak var source: ItemSource?
    init(_ source: ItemSource) { self.source = source }
  }

  private static var sources: [UInt: Entry] = [:]

  static func register(_ source: ItemSource, for view: UnsafeMutableRawPointer) {
    sources[UInt(bitPattern: view)] = Entry(source)
  }

  /// Forgets `source` if it is still the one registered for `view`.
  static func unregister(_ source: ItemSource, for view: UnsafeMutableRawPointer) {
    let address = UInt(bitPattern: view)
    if sources[address]?.source === source || sources[address]?.source == nil {
      sources[address] = nil
    }
  }

  /// The item a row (or flow box child) of a keyed `items` binding shows, as `Item`.
  static func item<Item>(shownBy row: Widget, as type: Item.Type) -> Item? {
    item(
      of: gtk_widget_get_parent(row.pointer(as: GtkWidget.self)),
      at: RowOrder.index(of: row.pointer), as: Item.self)
  }

  /// The item row `index` of `view` shows, as `Item`.
  static func item<Item>(
    of view: UnsafeMutableRawPointer?, at index: Int?, as type: Item.Type
  ) -> Item? {
    guard let view, let index else { return nil }
    return sources[UInt(bitPattern: view)]?.source?.item(at: index) as? Item
  }
}

extension Reactive where Base: ListBox {
  /// Each item the selection gains (by the user or programmatically), from the keyed
  /// `items` binding of this box; rows of other bindings or item types are skipped.
  public func modelSelected<Item>(_ type: Item.Type) -> Signal<Item, Never> {
    boundItemsSelected(RowBox.listBox, as: Item.self)
  }

  /// The item of each row the user activates, from the keyed `items` binding of this box.
  public func itemActivated<Item>(_ type: Item.Type) -> Signal<Item, Never> {
    rowActivated.compactMap { BoundItems.item(shownBy: $0, as: Item.self) }
  }
}

extension Reactive where Base: FlowBox {
  /// Each item the selection gains, from the keyed `items` binding of this box.
  public func modelSelected<Item>(_ type: Item.Type) -> Signal<Item, Never> {
    boundItemsSelected(RowBox.flowBox, as: Item.self)
  }

  /// The item of each child the user activates, from the keyed `items` binding.
  public func itemActivated<Item>(_ type: Item.Type) -> Signal<Item, Never> {
    childActivated.compactMap { BoundItems.item(shownBy: $0, as: Item.self) }
  }
}

extension Reactive where Base: TreeView {
  /// Each item the selection gains, from the `items` binding of this view.
  public func modelSelected<Item>(_ type: Item.Type) -> Signal<Item, Never> {
    guard let selection = base.selection else { return .empty() }
    return selection.rx.selectionGains(
      TreeSelectionKeys.shared.changedSignal,
      selected: {
        RowSelection.selectedRows(of: $0.assumingMemoryBound(to: GtkTreeSelection.self))
      },
      item: { instance, index in
        let view = gtk_tree_selection_get_tree_view(
          instance.assumingMemoryBound(to: GtkTreeSelection.self))
        return BoundItems.item(of: view, at: index, as: Item.self)
      })
  }

  /// The item of each row the user activates, from the `items` binding of this view.
  public func itemActivated<Item>(_ type: Item.Type) -> Signal<Item, Never> {
    let view = WeakObjectRef(base.pointer)
    return rowActivated.compactMap { path, _ in
      view.withObject { BoundItems.item(of: $0, at: path.indices.first, as: Item.self) } ?? nil
    }
  }
}

extension Reactive where Base: IconView {
  /// Each item the selection gains, from the `items` binding of this view.
  public func modelSelected<Item>(_ type: Item.Type) -> Signal<Item, Never> {
    selectionGains(
      IconViewKeys.shared.selectionChangedSignal,
      selected: { RowSelection.selectedRows(of: $0.assumingMemoryBound(to: GtkIconView.self)) },
      item: { view, index in BoundItems.item(of: view, at: index, as: Item.self) })
  }

  /// The item of each item the user activates, from the `items` binding of this view.
  public func itemActivated<Item>(_ type: Item.Type) -> Signal<Item, Never> {
    let view = WeakObjectRef(base.pointer)
    return self.itemActivated.compactMap { path in
      view.withObject { BoundItems.item(of: $0, at: path.indices.first, as: Item.self) } ?? nil
    }
  }
}

extension Reactive where Base: Object {
  /// Each row the selection gains when `event` fires: `selected` reads the selected rows
  /// (box rows or indices), `item` the item of one; the rows selected when subscribing
  /// are not sent.
  func selectionGains<Row: Hashable, Item>(
    _ event: SignalKey,
    selected: @escaping (UnsafeMutableRawPointer) -> [Row],
    item: @escaping (UnsafeMutableRawPointer, Row) -> Item?
  ) -> Signal<Item, Never> {
    controlEvent(event) { instance, observer in
      var previous = Set(selected(instance))
      return .noArguments { _ in
        let now = selected(instance)
        for row in now where !previous.contains(row) {
          if let item = item(instance, row) { observer.send(item) }
        }
        previous = Set(now)
        return false
      }
    }
  }

  /// `selectionGains` for a list or flow box.
  func selectionGains<Item>(
    _ kind: RowBox, item: @escaping (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Item?
  ) -> Signal<Item, Never> {
    selectionGains(kind.selectionChanged, selected: kind.selectedRows, item: item)
  }

  /// The items of a keyed `items` binding that the selection of a list or flow box gains.
  func boundItemsSelected<Item>(_ kind: RowBox, as type: Item.Type) -> Signal<Item, Never> {
    selectionGains(kind) { box, row in
      BoundItems.item(of: box, at: RowOrder.index(of: row), as: Item.self)
    }
  }
}
