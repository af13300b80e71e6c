// Row indices for icon and tree views: the flat-list view of GTK's tree paths.
import CGtk

extension IconView {
  /// The selected rows, ascending.
  public var selectedIndices: [Int] {
    get { rowIndices(consuming: gtk_icon_view_get_selected_items(pointer(as: GtkIconView.self))) }
    set {
      let view = pointer(as: GtkIconView.self)
      gtk_icon_view_unselect_all(view)
      for index in newValue {
        let path = treePath(index)
        gtk_icon_view_select_path(view, path)
        gtk_tree_path_free(path)
      }
    }
  }

  /// Activates the item at `index`, as a double click would (emits `item-activated`).
  public func activateItem(at index: Int) {
    let path = treePath(index)
    gtk_icon_view_item_activated(pointer(as: GtkIconView.self), path)
    gtk_tree_path_free(path)
  }

  /// Scrolls so the item at `index` is visible, aligned by `alignment` (0…1) when given.
  public func scrollToItem(at index: Int, alignment: (row: Float, column: Float)? = nil) {
    let path = treePath(index)
    gtk_icon_view_scroll_to_path(
      pointer(as: GtkIconView.self), path, alignment == nil ? 0 : 1, alignment?.row ?? 0,
      alignment?.column ?? 0)
    gtk_tree_path_free(path)
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
    let path = treePath(index)
    gtk_tree_view_row_activated(view, path, gtk_tree_view_get_column(view, 0))
    gtk_tree_path_free(path)
  }
}

extension TreeSelection {
  /// The selected rows, ascending.
  public var selectedIndices: [Int] {
    get {
      rowIndices(
        consuming: gtk_tree_selection_get_selected_rows(pointer(as: GtkTreeSelection.self), nil))
    }
    set {
      let selection = pointer(as: GtkTreeSelection.self)
      gtk_tree_selection_unselect_all(selection)
      for index in newValue {
        let path = treePath(index)
        gtk_tree_selection_select_path(selection, path)
        gtk_tree_path_free(path)
      }
    }
  }
}
