// Rows of typed columns: the Swift face of a GtkListStore.
import CGtk

extension ListStore {
  var store: UnsafeMutablePointer<GtkListStore> { pointer(as: GtkListStore.self) }
  var treeModel: OpaquePointer { cgtk_tree_model(pointer) }

  /// A new, empty store with one column per type (`[String.self, Pixbuf.self]`).
  public convenience init(columns: [any GValueConvertible.Type]) {
    var types = columns.map { $0.valueType }
    self.init(takingOwnership: gtk_list_store_newv(Int32(types.count), &types))
  }

  /// Appends `count` empty rows.
  public func append(count: Int = 1) {
    var iter = GtkTreeIter()
    for _ in 0..<count { gtk_list_store_append(store, &iter) }
  }

  /// Removes the last `count` rows (all of them when `count` exceeds the row count),
  /// walking to the first row removed once: O(`count`), not O(`count` × rows).
  public func removeLast(_ count: Int = 1) {
    let first = Swift.max(0, self.count - count)
    var iter = GtkTreeIter()
    guard count > 0, gtk_tree_model_iter_nth_child(treeModel, &iter, nil, Int32(first)) != 0 else {
      return
    }
    // gtk_list_store_remove moves the iterator to the next row, false after the last.
    while gtk_list_store_remove(store, &iter) != 0 {}
  }

  /// Sets `value` in `column` of row `row`.
  public func set<V: GValueConvertible>(_ value: V, row: Int, column: Int) {
    var iter = GtkTreeIter()
    guard gtk_tree_model_iter_nth_child(treeModel, &iter, nil, Int32(row)) != 0 else {
      preconditionFailure("GtkReactive: ListStore has no row \(row) (count \(count))")
    }
    withUnsafeMutablePointer(to: &iter) { Row(store: self, iter: $0).set(column, value) }
  }

  /// Calls `body` with each row in `range`, in order, walking the rows once.
  func forEachRow(in range: Range<Int>, _ body: (Int, Row) -> Void) {
    guard !range.isEmpty else { return }
    var iter = GtkTreeIter()
    guard gtk_tree_model_iter_nth_child(treeModel, &iter, nil, Int32(range.lowerBound)) != 0 else {
      return
    }
    withUnsafeMutablePointer(to: &iter) { iter in
      for index in range {
        body(index, Row(store: self, iter: iter))
        if gtk_tree_model_iter_next(treeModel, iter) == 0 { return }
      }
    }
  }

  /// One row of a store, handed to `items` cell-configuring closures.
  public struct Row {
    let store: ListStore
    let iter: UnsafeMutablePointer<GtkTreeIter>

    /// Sets `value` in `column` of this row.
    public func set<V: GValueConvertible>(_ column: Int, _ value: V) {
      GValues.with(gtk_tree_model_get_column_type(store.treeModel, Int32(column))) { gValue in
        GValues.write(value, to: gValue)
        gtk_list_store_set_value(store.store, iter, Int32(column), gValue)
      }
    }
  }
}

/// Reads the row indices of a `GList` of `GtkTreePath`, freeing the list.
nonisolated func rowIndices(consuming list: UnsafeMutablePointer<GList>?) -> [Int] {
  var indices: [Int] = []
  var node = list
  while let current = node {
    let path = OpaquePointer(current.pointee.data)
    if let index = gtk_tree_path_get_indices(path) { indices.append(Int(index.pointee)) }
    gtk_tree_path_free(path)
    node = current.pointee.next
  }
  g_list_free(list)
  return indices.sorted()
}

/// Calls `body` with a first-level `GtkTreePath` for row `index`, freed afterwards: the
/// one create/free pair of the list views.
nonisolated func withTreePath<R>(row index: Int, _ body: (OpaquePointer) -> R) -> R {
  var indices = [Int32(clamping: index)]
  let path = gtk_tree_path_new_from_indicesv(&indices, 1)!
  defer { gtk_tree_path_free(path) }
  return body(path)
}
