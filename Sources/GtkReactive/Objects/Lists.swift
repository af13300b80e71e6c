// List models and views: ListStore, IconView, TreeView, TreeSelection.
import CGtk

/// A `GtkListStore`: rows of typed columns, the model behind icon and tree views.
open class ListStore: Object {
  /// `GtkListStore`'s GType.
  open override class var gType: GType { gtk_list_store_get_type() }

  var store: UnsafeMutablePointer<GtkListStore> { pointer(as: GtkListStore.self) }
  var model: OpaquePointer { cgtk_tree_model(pointer) }

  /// A new, empty store with one column per type (`[String.self, Pixbuf.self]`).
  public convenience init(columns: [any GValueConvertible.Type]) {
    var types = columns.map { $0.valueType }
    self.init(takingOwnership: gtk_list_store_newv(Int32(types.count), &types))
  }

  /// The number of rows.
  public var count: Int { Int(gtk_tree_model_iter_n_children(model, nil)) }

  /// Appends `count` empty rows.
  public func append(count: Int = 1) {
    var iter = GtkTreeIter()
    for _ in 0..<count { gtk_list_store_append(store, &iter) }
  }

  /// Removes the last `count` rows.
  public func removeLast(_ count: Int = 1) {
    var iter = GtkTreeIter()
    for _ in 0..<count {
      let last = Int32(self.count - 1)
      guard last >= 0, gtk_tree_model_iter_nth_child(model, &iter, nil, last) != 0 else { return }
      gtk_list_store_remove(store, &iter)
    }
  }

  /// Removes every row.
  public func removeAll() { gtk_list_store_clear(store) }

  /// Sets `value` in `column` of row `row`.
  public func set<V: GValueConvertible>(_ value: V, row: Int, column: Int) {
    var iter = GtkTreeIter()
    guard gtk_tree_model_iter_nth_child(model, &iter, nil, Int32(row)) != 0 else {
      preconditionFailure("GtkReactive: ListStore has no row \(row) (count \(count))")
    }
    withUnsafeMutablePointer(to: &iter) { Row(store: self, iter: $0).set(column, value) }
  }

  /// Reads `column` of row `row` as `V`.
  public func value<V: GValueConvertible>(row: Int, column: Int, as type: V.Type = V.self) -> V? {
    var iter = GtkTreeIter()
    guard gtk_tree_model_iter_nth_child(model, &iter, nil, Int32(row)) != 0 else { return nil }
    var value = GValue()
    gtk_tree_model_get_value(model, &iter, Int32(column), &value)
    defer { g_value_unset(&value) }
    return GValues.read(&value, as: V.self)
  }

  /// Calls `body` with each row in `range`, in order, walking the rows once.
  func forEachRow(in range: Range<Int>, _ body: (Int, Row) -> Void) {
    guard !range.isEmpty else { return }
    var iter = GtkTreeIter()
    guard gtk_tree_model_iter_nth_child(model, &iter, nil, Int32(range.lowerBound)) != 0 else {
      return
    }
    withUnsafeMutablePointer(to: &iter) { iter in
      for index in range {
        body(index, Row(store: self, iter: iter))
        if gtk_tree_model_iter_next(model, iter) == 0 { return }
      }
    }
  }

  /// One row of a store, handed to `items` cell-configuring closures.
  public struct Row {
    let store: ListStore
    let iter: UnsafeMutablePointer<GtkTreeIter>

    /// Sets `value` in `column` of this row.
    public func set<V: GValueConvertible>(_ column: Int, _ value: V) {
      GValues.with(gtk_tree_model_get_column_type(store.model, Int32(column))) { gValue in
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

/// A new first-level `GtkTreePath` for row `index`; the caller frees it.
nonisolated func treePath(_ index: Int) -> OpaquePointer {
  var indices = [Int32(index)]
  return gtk_tree_path_new_from_indicesv(&indices, 1)
}

/// The row index a `GtkTreePath` points at (first level).
nonisolated func rowIndex(of path: OpaquePointer?) -> Int? {
  guard let path, let indices = gtk_tree_path_get_indices(path) else { return nil }
  return Int(indices.pointee)
}

/// A `GtkIconView`: a grid (or, with one row, a strip) of icons with captions.
open class IconView: Container {
  /// `GtkIconView`'s GType.
  open override class var gType: GType { gtk_icon_view_get_type() }

  var iconView: UnsafeMutablePointer<GtkIconView> { pointer(as: GtkIconView.self) }

  /// A new icon view without a model.
  public convenience init() {
    self.init(retaining: gtk_icon_view_new())
  }

  /// The model, or `nil`.
  public var model: ListStore? {
    get {
      Object.wrap(
        gtk_icon_view_get_model(iconView).map(UnsafeMutableRawPointer.init), as: ListStore.self)
    }
    set { gtk_icon_view_set_model(iconView, newValue?.model) }
  }

  /// The model column holding captions (`String`), or -1.
  public var textColumn: Int {
    get { Int(gtk_icon_view_get_text_column(iconView)) }
    set { gtk_icon_view_set_text_column(iconView, Int32(newValue)) }
  }

  /// The model column holding icons (`Pixbuf`), or -1.
  public var pixbufColumn: Int {
    get { Int(gtk_icon_view_get_pixbuf_column(iconView)) }
    set { gtk_icon_view_set_pixbuf_column(iconView, Int32(newValue)) }
  }

  /// The number of columns; -1 fits as many as the width allows.
  public var columns: Int {
    get { Int(gtk_icon_view_get_columns(iconView)) }
    set { gtk_icon_view_set_columns(iconView, Int32(newValue)) }
  }

  /// How many items may be selected.
  public var selectionMode: GtkSelectionMode {
    get { gtk_icon_view_get_selection_mode(iconView) }
    set { gtk_icon_view_set_selection_mode(iconView, newValue) }
  }

  /// The selected rows, ascending.
  public var selectedIndices: [Int] {
    get { rowIndices(consuming: gtk_icon_view_get_selected_items(iconView)) }
    set {
      gtk_icon_view_unselect_all(iconView)
      for index in newValue {
        let path = treePath(index)
        gtk_icon_view_select_path(iconView, path)
        gtk_tree_path_free(path)
      }
    }
  }

  /// Activates the item at `index`, as a double click would (emits `item-activated`).
  public func activateItem(at index: Int) {
    let path = treePath(index)
    gtk_icon_view_item_activated(iconView, path)
    gtk_tree_path_free(path)
  }

  /// Scrolls so the item at `index` is visible, aligned by `alignment` (0…1) when given.
  public func scrollToItem(at index: Int, alignment: (row: Float, column: Float)? = nil) {
    let path = treePath(index)
    gtk_icon_view_scroll_to_path(
      iconView, path, alignment == nil ? 0 : 1, alignment?.row ?? 0, alignment?.column ?? 0)
    gtk_tree_path_free(path)
  }
}

/// A `GtkTreeView`: rows and columns.
open class TreeView: Container {
  /// `GtkTreeView`'s GType.
  open override class var gType: GType { gtk_tree_view_get_type() }

  var treeView: UnsafeMutablePointer<GtkTreeView> { pointer(as: GtkTreeView.self) }

  /// A new tree view without a model.
  public convenience init() {
    self.init(retaining: gtk_tree_view_new())
  }

  /// The model, or `nil`.
  public var model: ListStore? {
    get {
      Object.wrap(
        gtk_tree_view_get_model(treeView).map(UnsafeMutableRawPointer.init), as: ListStore.self)
    }
    set { gtk_tree_view_set_model(treeView, newValue?.model) }
  }

  /// The selection object.
  public var selection: TreeSelection {
    TreeSelection(retaining: gtk_tree_view_get_selection(treeView))
  }

  /// Appends a column titled `title` that shows the text of model column `column`.
  public func appendTextColumn(title: String, column: Int) {
    let viewColumn = gtk_tree_view_column_new()
    let renderer = gtk_cell_renderer_text_new()
    gtk_tree_view_column_set_title(viewColumn, title)
    gtk_tree_view_column_pack_start(viewColumn, renderer, 1)
    gtk_tree_view_column_add_attribute(viewColumn, renderer, "text", Int32(column))
    gtk_tree_view_append_column(treeView, viewColumn)
  }

  /// Activates the row at `index`, as a double click would (emits `row-activated`).
  public func activateRow(at index: Int) {
    let path = treePath(index)
    gtk_tree_view_row_activated(treeView, path, gtk_tree_view_get_column(treeView, 0))
    gtk_tree_path_free(path)
  }
}

/// A `GtkTreeSelection`: which rows of a tree view are selected.
open class TreeSelection: Object {
  /// `GtkTreeSelection`'s GType.
  open override class var gType: GType { gtk_tree_selection_get_type() }

  var selection: UnsafeMutablePointer<GtkTreeSelection> { pointer(as: GtkTreeSelection.self) }

  /// How many rows may be selected.
  public var mode: GtkSelectionMode {
    get { gtk_tree_selection_get_mode(selection) }
    set { gtk_tree_selection_set_mode(selection, newValue) }
  }

  /// The selected rows, ascending.
  public var selectedIndices: [Int] {
    get { rowIndices(consuming: gtk_tree_selection_get_selected_rows(selection, nil)) }
    set {
      gtk_tree_selection_unselect_all(selection)
      for index in newValue {
        let path = treePath(index)
        gtk_tree_selection_select_path(selection, path)
        gtk_tree_path_free(path)
      }
    }
  }
}
