// The live column binding of a tree view: its items, toggles, selection and activation.
import CGtk
import Reactive

/// A live `items` binding of a `TreeView` with typed columns: the items it shows,
/// toggles, selection and activation as items; disposing it ends the binding.
///
/// Signals complete when the view is destroyed; the binding holds the view weakly.
@MainActor
public final class TreeItems<Item>: Disposable {
  private let binding: ItemsBinding<Item>
  private nonisolated let lifetime: CompositeDisposable
  /// The toggle renderers, their column index and the state each item shows.
  private let toggles: [(column: Int, renderer: CellRendererToggle, isActive: (Item) -> Bool)]

  init(_ source: Signal<[Item], Never>, view: TreeView, columns: [TreeColumn<Item>]) {
    var viewColumns: [TreeViewColumn] = []
    var toggles: [(column: Int, renderer: CellRendererToggle, isActive: (Item) -> Bool)] = []
    var firsts: [Int] = []
    var modelColumn = 0
    for (index, column) in columns.enumerated() {
      let viewColumn = TreeViewColumn()
      viewColumn.title = column.title
      let renderer = column.makeRenderer()
      viewColumn.packStart(renderer, expand: true)
      for (offset, attribute) in column.attributes.enumerated() {
        viewColumn.addAttribute(renderer, attribute: attribute, column: modelColumn + offset)
      }
      view.appendColumn(viewColumn)
      viewColumns.append(viewColumn)
      if let toggle = renderer as? CellRendererToggle, let isActive = column.isActive {
        toggles.append((index, toggle, isActive))
      }
      firsts.append(modelColumn)
      modelColumn += column.types.count
    }
    binding = ItemsBinding.bind(
      source, to: view, columns: columns.flatMap(\.types),
      configure: { row, _, item in
        for (index, column) in columns.enumerated() { column.write(row, firsts[index], item) }
      },
      host: .treeView,
      onUnbind: { view in
        for column in viewColumns
        where gtk_tree_view_column_get_tree_view(column.pointer(as: GtkTreeViewColumn.self))
          == view.assumingMemoryBound(to: GtkWidget.self)
        {
          gtk_tree_view_remove_column(
            view.assumingMemoryBound(to: GtkTreeView.self),
            column.pointer(as: GtkTreeViewColumn.self))
        }
      })
    lifetime = binding.lifetime
    self.toggles = toggles
  }

  /// The items shown now, in order (the last array applied).
  public var items: [Item] { binding.applied }

  /// A click on a toggle column: the item, the state the click asks for (the opposite of
  /// what the item shows), and the column's index in the `columns` given.
  public var itemToggled: Signal<(item: Item, isActive: Bool, column: Int), Never> {
    let binding = self.binding
    return Signal.merge(
      toggles.map { toggle in
        toggle.renderer.rx.toggled.compactMap { path in
          guard let index = path.split(separator: ":").first.flatMap({ Int($0) }),
            binding.applied.indices.contains(index)
          else { return nil }
          let item = binding.applied[index]
          return (item, !toggle.isActive(item), toggle.column)
        }
      })
  }

  /// The item of each row the user activates (double click, Enter).
  public var itemActivated: Signal<Item, Never> {
    let binding = self.binding
    guard let view = binding.view.withObject({ TreeView(retaining: $0) }) else { return .empty() }
    return view.rx.rowActivated.compactMap { path, _ in
      path.indices.first.flatMap {
        binding.applied.indices.contains($0) ? binding.applied[$0] : nil
      }
    }
  }

  /// Each item the selection gains, by the user or programmatically (in single-selection
  /// mode: each item selected).
  public var modelSelected: Signal<Item, Never> {
    let binding = self.binding
    guard let selection = binding.view.withObject({ TreeView(retaining: $0).selection }) ?? nil
    else { return .empty() }
    return selection.rx.selectionGains(
      TreeSelectionKeys.shared.changedSignal,
      selected: {
        RowSelection.selectedRows(of: $0.assumingMemoryBound(to: GtkTreeSelection.self))
      },
      item: { _, index in binding.item(at: index) as? Item })
  }

  /// The selected items in order: current, then every change.
  public var selectedItems: Signal<[Item], Never> {
    let binding = self.binding
    guard let selection = binding.view.withObject({ TreeView(retaining: $0).selection }) ?? nil
    else {
      return .empty()
    }
    let read: (UnsafeMutableRawPointer) -> [Item] = { instance in
      RowSelection.selectedRows(of: instance.assumingMemoryBound(to: GtkTreeSelection.self))
        .compactMap { binding.applied.indices.contains($0) ? binding.applied[$0] : nil }
    }
    return selection.rx.controlEvent(TreeSelectionKeys.shared.changedSignal, sendingFirst: read) {
      instance, observer in
      .noArguments { _ in
        observer.send(read(instance))
        return false
      }
    }
  }

  /// Ends the binding: unsets the model and removes the columns it added.
  public nonisolated func dispose() { lifetime.dispose() }
}
