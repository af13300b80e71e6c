// Tree views bound to items through typed columns: text, toggle, pixbuf and progress.
import Reactive

extension Reactive where Base: TreeView {
  /// Binds arrays of items to the tree view through `columns`: the binding appends one
  /// view column per `TreeColumn` and feeds them from a `ListStore` it owns.
  ///
  /// ```swift
  /// let table = todos.bind(to: treeView.rx.items([
  ///   .toggle("Done", \.isDone), .text("Title", \.title),
  /// ]))
  /// table.itemToggled.subscribe(next: { todo, isDone, _ in model.set(todo, done: isDone) })
  /// table.modelSelected.subscribe(next: { todo in … })
  /// ```
  ///
  /// Updates follow `IconView`'s `items`: coalesced per main-loop iteration, only changed
  /// rows written (when `Item` is `Equatable`), the store detached for large changes.
  /// Disposing the result removes the columns and the model; destroying the view ends
  /// the binding.
  public func items<Item>(
    _ columns: [TreeColumn<Item>]
  ) -> (Signal<[Item], Never>) -> TreeItems<Item> {
    let view = base
    return { source in TreeItems(source, view: view, columns: columns) }
  }
}
