// `items` bindings: a signal of arrays drives an icon or tree view through a list store.
import CGtk
import Reactive

extension Reactive where Base: IconView {
  /// Binds arrays of items to the icon view through a `ListStore` the binding owns.
  ///
  /// ```swift
  /// photos.bind(to: iconView.rx.items(columns: [String.self, Pixbuf.self],
  ///                                   textColumn: 0, pixbufColumn: 1) { row, index, photo in
  ///   row.set(0, photo.name)
  ///   row.set(1, photo.thumbnail)
  /// })
  /// ```
  ///
  /// Arrays arriving within one main-loop iteration are coalesced and applied in one
  /// batch (only the last), before GTK lays out. Only rows whose item changed are
  /// written (every row, unless `Item` is `Equatable`); when more than 64 rows are
  /// written or removed, the store is updated while detached from the view (attached,
  /// each changed row costs a relayout); the selected rows stay selected by index, the
  /// scroll position is reset.
  /// Disposing unsets the model; destroying the view ends the binding. `configure` sets
  /// the columns of one row.
  public func items<Item>(
    columns: [any GValueConvertible.Type], textColumn: Int? = nil, pixbufColumn: Int? = nil,
    configure: @escaping (ListStore.Row, Int, Item) -> Void
  ) -> (Signal<[Item], Never>) -> Disposable {
    let view = base
    return { source in
      if let textColumn { view.textColumn = textColumn }
      if let pixbufColumn { view.pixbufColumn = pixbufColumn }
      return ItemsBinding.bind(
        source, to: view, columns: columns, configure: configure,
        host: .iconView
      ).lifetime
    }
  }
}

extension Reactive where Base: TreeView {
  /// Binds arrays of items to the tree view through a `ListStore` the binding owns; see
  /// `IconView`'s `items`. Add view columns (`appendTextColumn`) for the model columns.
  public func items<Item>(
    columns: [any GValueConvertible.Type],
    configure: @escaping (ListStore.Row, Int, Item) -> Void
  ) -> (Signal<[Item], Never>) -> Disposable {
    let view = base
    return { source in
      ItemsBinding.bind(
        source, to: view, columns: columns, configure: configure,
        host: .treeView
      ).lifetime
    }
  }
}

/// One `items` binding: the store it owns, the items it last applied, the latest array not
/// yet applied, the idle that will apply it.
final class ItemsBinding<Item>: ItemSource {
  /// Beyond this many rows written or removed in one update, the store is updated while
  /// detached from the view: attached, every inserted or changed row costs the view a
  /// relayout (O(n) each), detached the view lays out once when the store comes back.
  static var detachThreshold: Int { 64 }

  let view: WeakObjectRef
  /// The view's address, for `BoundItems` (never dereferenced).
  private let viewAddress: UnsafeMutableRawPointer
  let store: ListStore
  /// The items the store shows now (the last array applied).
  private(set) var applied: [Item] = []
  /// Ends the binding: the source subscription, the idle, the view watch, and what
  /// callers add (`TreeItems` adds its renderer connections).
  let lifetime = CompositeDisposable()
  private let configure: (ListStore.Row, Int, Item) -> Void
  private let host: ModelHost
  private let onUnbind: ((UnsafeMutableRawPointer) -> Void)?
  private let equality = ItemEquality<Item>()
  private var pending: [Item]?
  private let update = SerialDisposable()

  private let liveObject = GtkBoxes.track()

  private init(
    view: Object, columns: [any GValueConvertible.Type],
    configure: @escaping (ListStore.Row, Int, Item) -> Void,
    host: ModelHost, onUnbind: ((UnsafeMutableRawPointer) -> Void)?
  ) {
    self.view = WeakObjectRef(view.pointer)
    self.viewAddress = UnsafeMutableRawPointer(view.pointer)
    self.store = ListStore(columns: columns)
    self.configure = configure
    self.host = host
    self.onUnbind = onUnbind
  }

  deinit { GtkBoxes.untrack(liveObject) }

  /// Sets the store on `view` and applies every array `source` sends until the returned
  /// binding's `lifetime` is disposed or the view is destroyed. `onUnbind` runs with the
  /// live view when the binding ends (not after the view is destroyed).
  static func bind(
    _ source: Signal<[Item], Never>, to view: Object, columns: [any GValueConvertible.Type],
    configure: @escaping (ListStore.Row, Int, Item) -> Void,
    host: ModelHost, onUnbind: ((UnsafeMutableRawPointer) -> Void)? = nil
  ) -> ItemsBinding {
    let binding = ItemsBinding(
      view: view, columns: columns, configure: configure, host: host, onUnbind: onUnbind)
    binding.view.withObject { host.setModel($0, binding.store.treeModel) }
    let lifetime = binding.lifetime
    lifetime.add(source.subscribe(next: { binding.receive($0) }))
    lifetime.add { MainThread.run { binding.unbind() } }
    // The binding ends with the view: a destroyed view releases the source and the store.
    let watch = binding.view.withObject { view in
      HandlerConnection.watch(view) { lifetime.dispose() }
    }
    if let watch { lifetime.add(watch) } else { lifetime.dispose() }
    if !lifetime.isDisposed { BoundItems.register(binding, for: binding.viewAddress) }
    return binding
  }

  private func receive(_ items: [Item]) {
    guard MainThread.isCurrent else {
      // `pending` is main-thread state: arrays from other threads hop there first.
      let box = UncheckedSendable((self, items))  // used on the main thread only
      return MainThread.run { box.value.0.receive(box.value.1) }
    }
    let wasPending = pending != nil
    pending = items
    guard !wasPending else { return }
    update.inner = MainThread.async(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
      self?.applyPending()
    }
  }

  /// Writes only the rows whose item changed (all of them unless `Item` is `Equatable`),
  /// appends or removes the difference, and detaches the store while doing so when that
  /// touches more than `detachThreshold` rows.
  private func applyPending() {
    guard let items = pending else { return }
    pending = nil
    let old = store.count == applied.count ? applied : []
    applied = items
    view.withObject { view in
      let kept = min(old.count, items.count)
      var changed = [Bool](repeating: false, count: kept)
      var written = max(0, items.count - store.count)
      for index in 0..<kept where equality.changed(old[index], items[index]) {
        changed[index] = true
        written += 1
      }
      let removed = max(0, store.count - items.count)
      let detach = written > Self.detachThreshold || removed > Self.detachThreshold
      // Detaching clears the view's selection: keep the rows selected by index.
      let selected = detach ? host.selectedRows(view) : []
      if detach { host.setModel(view, nil) }
      if items.count > store.count {
        store.append(count: items.count - store.count)
      } else if removed > 0 {
        store.removeLast(removed)
      }
      if let first = changed.firstIndex(of: true) ?? (kept < items.count ? kept : nil) {
        store.forEachRow(in: first..<items.count) { index, row in
          if index >= kept || changed[index] { configure(row, index, items[index]) }
        }
      }
      if detach {
        host.setModel(view, store.treeModel)
        if !selected.isEmpty { host.select(selected.filter { $0 < items.count }, view) }
      }
    }
  }

  func item(at index: Int) -> Any? {
    applied.indices.contains(index) ? applied[index] : nil
  }

  private func unbind() {
    BoundItems.unregister(self, for: viewAddress)
    update.dispose()
    pending = nil
    view.withObject { view in
      if host.getModel(view) == store.treeModel { host.setModel(view, nil) }
      onUnbind?(view)
    }
  }
}

/// A view an `ItemsBinding` feeds: how to set and read its model and its selected rows,
/// through the raw instance.
struct ModelHost {
  let setModel: (_ view: UnsafeMutableRawPointer, OpaquePointer?) -> Void
  let getModel: (_ view: UnsafeMutableRawPointer) -> OpaquePointer?
  let selectedRows: (_ view: UnsafeMutableRawPointer) -> [Int]
  let select: (_ rows: [Int], _ view: UnsafeMutableRawPointer) -> Void

  static let iconView = ModelHost(
    setModel: { gtk_icon_view_set_model(iconView($0), $1) },
    getModel: { gtk_icon_view_get_model(iconView($0)) },
    selectedRows: { RowSelection.selectedRows(of: iconView($0)) },
    select: { RowSelection.select($0, in: iconView($1)) })

  static let treeView = ModelHost(
    setModel: { gtk_tree_view_set_model(treeView($0), $1) },
    getModel: { gtk_tree_view_get_model(treeView($0)) },
    selectedRows: { RowSelection.selectedRows(of: gtk_tree_view_get_selection(treeView($0))) },
    select: { RowSelection.select($0, in: gtk_tree_view_get_selection(treeView($1))) })

  private static func iconView(_ view: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GtkIconView>
  {
    view.assumingMemoryBound(to: GtkIconView.self)
  }

  private static func treeView(_ view: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GtkTreeView>
  {
    view.assumingMemoryBound(to: GtkTreeView.self)
  }
}
