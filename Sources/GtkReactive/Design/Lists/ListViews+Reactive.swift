// Reactive extensions of icon views, tree views and tree selections.
import CGtk
import Reactive

extension Reactive where Base: IconView {
  /// The selected rows: current, then user changes; a sink that selects without echo.
  public var selectedIndices: ControlProperty<[Int]> {
    controlProperty(
      event: IconViewKeys.shared.selectionChangedSignal,
      get: { RowSelection.selectedRows(of: $0.assumingMemoryBound(to: GtkIconView.self)) },
      set: { RowSelection.select($1, in: $0.assumingMemoryBound(to: GtkIconView.self)) })
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
      event: TreeSelectionKeys.shared.changedSignal,
      get: { RowSelection.selectedRows(of: $0.assumingMemoryBound(to: GtkTreeSelection.self)) },
      set: { RowSelection.select($1, in: $0.assumingMemoryBound(to: GtkTreeSelection.self)) })
  }
}
