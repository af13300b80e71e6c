// The browse grid for the keyboard and for screen readers: a focusable list whose cells
// in view are list items.
import GtkReactive
import ImageBrowserCore
import Reactive

extension BrowseGrid {
  /// Makes the canvas a focusable list box whose accessible children are the cells in
  /// view (`cells`): a list item each, named by its file ("Folder NAME" for a
  /// subfolder), selected when picked, focused on the grid's focus. A screen reader's
  /// "activate" on a cell opens it, as a double click does.
  func bindAccessibility() {
    canvas.bindCellAccessibility(
      cells, name: tr("Folder contents"),
      frame: { [weak self] cell in self?.frame(ofCell: cell) },
      activate: { [weak self] cell in self?.viewModel.activateGridCell(cell) },
      focusChanged: { [weak self] in self?.updateCells() }, bag: bag)
  }

  /// Brings the accessible cells in step with the cells in view, the focus and the
  /// selection: a screenful of values per call, whatever the number of cells.
  func updateCells() {
    guard let visible = visibleRange, state.gridCellCount > 0 else {
      cells.items = []
      cells.focusedID = nil
      return
    }
    cells.items = visible.clamped(to: 0...(state.gridCellCount - 1)).map { cell in
      let picked: Bool
      switch state.gridCell(cell) {
      case .folder: picked = cell == state.focusedCell
      case .image(let index): picked = state.isPicked(index)
      }
      return AccessibleItem(id: cell, name: describe(cell: cell), isSelected: picked)
    }
    cells.focusedID = state.focusedCell
  }

  /// Where cell `cell` is drawn in the canvas, or `nil` when it is out of view.
  func frame(ofCell cell: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
    guard let visible = visibleRange, visible.contains(cell) else { return nil }
    let origin = layout.origin(of: cell, at: adjustment.value)
    return (
      Int(origin.x.rounded()), Int(origin.y.rounded()), Int(layout.cellWidth),
      Int(layout.cellHeight)
    )
  }
}
