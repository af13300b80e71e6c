// Reactive extensions of icon views, tree views and tree selections.
import CGtk
import Reactive

extension Reactive where Base: IconView {
  /// The selected rows: current, then user changes; a sink that selects without echo.
  public var selectedIndices: ControlProperty<[Int]> {
    controlProperty(
      event: "selection-changed",
      get: { rowIndices(consuming: gtk_icon_view_get_selected_items($0.as(GtkIconView.self))) },
      set: { instance, indices in
        let view = instance.as(GtkIconView.self)
        gtk_icon_view_unselect_all(view)
        for index in indices {
          let path = treePath(index)
          gtk_icon_view_select_path(view, path)
          gtk_tree_path_free(path)
        }
      })
  }

  /// `item-activated`: the row of each item the user activates (double click, Enter).
  public var itemActivated: Signal<Int, Never> {
    controlEvent("item-activated") { _, observer in
      .oneArgument { path in
        if let index = rowIndex(of: path.map(OpaquePointer.init)) { observer.send(index) }
        return false
      }
    }
  }
}

extension Reactive where Base: TreeView {
  /// `row-activated`: the row of each row the user activates (double click, Enter).
  public var itemActivated: Signal<Int, Never> {
    controlEvent("row-activated") { _, observer in
      .twoArguments { path, _ in
        if let index = rowIndex(of: path.map(OpaquePointer.init)) { observer.send(index) }
        return false
      }
    }
  }
}

extension Reactive where Base: TreeSelection {
  /// The selected rows: current, then user changes; a sink that selects without echo.
  public var selectedIndices: ControlProperty<[Int]> {
    controlProperty(
      event: "changed",
      get: {
        rowIndices(
          consuming: gtk_tree_selection_get_selected_rows($0.as(GtkTreeSelection.self), nil))
      },
      set: { instance, indices in
        let selection = instance.as(GtkTreeSelection.self)
        gtk_tree_selection_unselect_all(selection)
        for index in indices {
          let path = treePath(index)
          gtk_tree_selection_select_path(selection, path)
          gtk_tree_path_free(path)
        }
      })
  }
}
