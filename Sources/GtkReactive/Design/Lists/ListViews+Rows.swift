// Row indices for icon and tree views: the flat-list view of GTK's tree paths.
import CGtk

extension IconView {
  /// The selected rows, ascending.
  public var selectedIndices: [Int] {
    get { RowSelection.selectedRows(of: pointer(as: GtkIconView.self)) }
    set { RowSelection.select(newValue, in: pointer(as: GtkIconView.self)) }
  }

  /// Activates the item at `index`, as a double click would (emits `item-activated`).
  public func activateItem(at index: Int) {
    withTreePath(row: index) { gtk_icon_view_item_activated(pointer(as: GtkIconView.self), $0) }
  }

  /// Scrolls so the item at `index` is visible, aligned by `alignment` (0…1) when given.
  public func scrollToItem(at index: Int, alignment: (row: Float, column: Float)? = nil) {
    withTreePath(row: index) { path in
      gtk_icon_view_scroll_to_path(
        pointer(as: GtkIconView.self), path, alignment == nil ? 0 : 1, alignment?.row ?? 0,
        alignment?.column ?? 0)
    }
  }
}

extension TreeView {
  /// Appends a column titled `title` that shows the text of model column `column`.
  public func appendTextColumn(title: String, column: Int) {
    let viewColumn = gtk_tree_view_column_new()
    let renderer = gtk_cell_renderer_text_new()
    gtk_tree_view_column_set_title(viewColumn, title)
    gtk_tree_view_column_pack_start(viewColumn, renderer, 1)
    gtk_tree_view_column_add_attribute(viewColumn, renderer, "text", Int32(column))
    gtk_tree_view_append_column(pointer(as: GtkTreeView.self), viewColumn)
  }

  /// Activates the row at `index`, as a double click would (emits `row-activated`).
  public func activateRow(at index: Int) {
    let view = pointer(as: GtkTreeView.self)
    withTreePath(row: index) {
      gtk_tree_view_row_activated(view, $0, gtk_tree_view_get_column(view, 0))
    }
  }
}

extension TreeSelection {
  /// The selected rows, ascending.
  public var selectedIndices: [Int] {
    get { RowSelection.selectedRows(of: pointer(as: GtkTreeSelection.self)) }
    set { RowSelection.select(newValue, in: pointer(as: GtkTreeSelection.self)) }
  }
}

/// The selection reads and writes of icon views and tree selections, shared by their
/// `selectedIndices` properties and the reactive twins on `.rx`.
enum RowSelection {
  /// The selected rows of an icon view, ascending.
  static func selectedRows(of view: UnsafeMutablePointer<GtkIconView>) -> [Int] {
    rowIndices(consuming: gtk_icon_view_get_selected_items(view))
  }

  /// Selects exactly `rows` of an icon view.
  static func select(_ rows: [Int], in view: UnsafeMutablePointer<GtkIconView>) {
    gtk_icon_view_unselect_all(view)
    for row in rows { withTreePath(row: row) { gtk_icon_view_select_path(view, $0) } }
  }

  /// The selected rows of a tree selection, ascending.
  static func selectedRows(of selection: UnsafeMutablePointer<GtkTreeSelection>) -> [Int] {
    rowIndices(consuming: gtk_tree_selection_get_selected_rows(selection, nil))
  }

  /// Selects exactly `rows` of a tree selection.
  static func select(_ rows: [Int], in selection: UnsafeMutablePointer<GtkTreeSelection>) {
    gtk_tree_selection_unselect_all(selection)
    for row in rows { withTreePath(row: row) { gtk_tree_selection_select_path(selection, $0) } }
  }
}
