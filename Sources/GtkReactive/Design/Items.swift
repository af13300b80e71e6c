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
  /// batch (only the last), before GTK lays out; a large change in length refills the
  /// store while it is detached from the view (attached inserts cost O(n) each).
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
        setModel: { gtk_icon_view_set_model($0.assumingMemoryBound(to: GtkIconView.self), $1) },
        getModel: { gtk_icon_view_get_model($0.assumingMemoryBound(to: GtkIconView.self)) })
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
        setModel: { gtk_tree_view_set_model($0.assumingMemoryBound(to: GtkTreeView.self), $1) },
        getModel: { gtk_tree_view_get_model($0.assumingMemoryBound(to: GtkTreeView.self)) })
    }
  }
}

/// One `items` binding: the store it owns, the latest array not yet applied, the idle
/// that will apply it.
private final class ItemsBinding<Item> {
  /// Beyond this change in row count the store is refilled while detached.
  private static var detachThreshold: Int { 64 }

  private let view: WeakObjectRef
  private let store: ListStore
  private let configure: (ListStore.Row, Int, Item) -> Void
  private let setModel: (UnsafeMutableRawPointer, OpaquePointer?) -> Void
  private let getModel: (UnsafeMutableRawPointer) -> OpaquePointer?
  private var pending: [Item]?
  private let update = SerialDisposable()

  private init(
    view: Object, columns: [any GValueConvertible.Type],
    configure: @escaping (ListStore.Row, Int, Item) -> Void,
    setModel: @escaping (UnsafeMutableRawPointer, OpaquePointer?) -> Void,
    getModel: @escaping (UnsafeMutableRawPointer) -> OpaquePointer?
  ) {
    self.view = WeakObjectRef(view.pointer)
    self.store = ListStore(columns: columns)
    self.configure = configure
    self.setModel = setModel
    self.getModel = getModel
    GtkBoxes.track()
  }

  deinit { GtkBoxes.untrack() }

  static func bind(
    _ source: Signal<[Item], Never>, to view: Object, columns: [any GValueConvertible.Type],
    configure: @escaping (ListStore.Row, Int, Item) -> Void,
    setModel: @escaping (UnsafeMutableRawPointer, OpaquePointer?) -> Void,
    getModel: @escaping (UnsafeMutableRawPointer) -> OpaquePointer?
  ) -> Disposable {
    let binding = ItemsBinding(
      view: view, columns: columns, configure: configure, setModel: setModel,
      getModel: getModel)
    binding.view.withObject { binding.setModel($0, binding.store.treeModel) }
    let lifetime = CompositeDisposable()
    lifetime.add(source.subscribe(next: { binding.receive($0) }))
    lifetime.add { MainThread.run { binding.unbind() } }
    // The binding ends with the view: a destroyed view releases the source and the store.
    let watch = binding.view.withObject { view in
      HandlerConnection.watch(view) { lifetime.dispose() }
    }
    if let watch { lifetime.add(watch) } else { lifetime.dispose() }
    return lifetime
  }

  private func receive(_ items: [Item]) {
    let wasPending = pending != nil
    pending = items
    guard !wasPending else { return }
    update.inner = MainThread.async(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
      self?.applyPending()
    }
  }

  private func applyPending() {
    guard let items = pending else { return }
    pending = nil
    view.withObject { view in
      let difference = abs(items.count - store.count)
      let detach = difference > Self.detachThreshold
      if detach { setModel(view, nil) }
      if items.count > store.count {
        store.append(count: items.count - store.count)
      } else if items.count < store.count {
        store.removeLast(store.count - items.count)
      }
      store.forEachRow(in: 0..<items.count) { index, row in configure(row, index, items[index]) }
      if detach { setModel(view, store.treeModel) }
    }
  }

  private func unbind() {
    update.dispose()
    pending = nil
    view.withObject { view in
      if getModel(view) == store.treeModel { setModel(view, nil) }
    }
  }
}
