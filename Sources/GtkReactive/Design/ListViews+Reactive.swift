// Reactive extensions of icon views, tree views and tree selections.
import CGtk
import Reactive

extension Reactive where Base: IconView {
  /// The selected rows: current, then user changes; a sink that selects without echo.
  public var selectedIndices: ControlProperty<[Int]> {
    controlProperty(
      event: IconViewKeys.selectionChangedSignal,
      get: {
        rowIndices(
          consuming: gtk_icon_view_get_selected_items($0.assumingMemoryBound(to: GtkIconView.self)))
      },
      set: { instance, indices in
        let view = instance.assumingMemoryBound(to: GtkIconView.self)
        gtk_icon_view_unselect_all(view)
        for index in indices {
          let path = treePath(index)
          gtk_icon_view_select_path(view, path)
          gtk_tree_path_free(path)
        }
      })
  }

  /// The row of each item the user activates (double click, Enter).
  public var activatedIndex: Signal<Int, Never> {
    itemActivated.compactMap { $0.indices.first }
  }
}

extension Reactive where Base: TreeView {
  /// The row of each row the user activates (double click, Enter).
  public var activatedIndex: Signal<Int, Never> {
    rowActivated.compactMap { $0.path.indices.first }
  }
}

extension Reactive where Base: TreeSelection {
  /// The selected rows: current, then user changes; a sink that selects without echo.
  public var selectedIndices: ControlProperty<[Int]> {
    controlProperty(
      event: TreeSelectionKeys.changedSignal,
      get: {
        rowIndices(
          consuming: gtk_tree_selection_get_selected_rows(
            $0.assumingMemoryBound(to: GtkTreeSelection.self), nil))
      },
      set: { instance, indices in
        let selection = instance.assumingMemoryBound(to: GtkTreeSelection.self)
        gtk_tree_selection_unselect_all(selection)
        for index in indices {
          let path = treePath(index)
          gtk_tree_selection_select_path(selection, path)
          gtk_tree_path_free(path)
        }
      })
  }
}
