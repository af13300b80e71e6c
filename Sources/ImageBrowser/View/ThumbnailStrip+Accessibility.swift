// The strip for the keyboard and for screen readers: a focusable list whose cells in view
// are list items.
import CCairo  // cairo, for painting
import GtkReactive
import ImageBrowserCore
import Reactive

extension ThumbnailStrip {
  /// Makes the canvas a focusable list box (Tab reaches it) whose accessible children are
  /// the cells in view (`cells`): a list item each, named by its file, selected when it is
  /// the current image, and focused when the strip has the focus.
  ///
  /// The keys need nothing of their own: Left, Right, Home, End, Page Up and Page Down are
  /// the window's paging keys wherever the focus is (outside text fields), and the strip
  /// selects and centres every new index, so on the strip they move the selected cell —
  /// one path for paging whichever widget has the focus. A screen reader's "activate" on a
  /// cell picks it, as a click does.
  func bindAccessibility() {
    canvas.bindCellAccessibility(
      cells, name: tr("Thumbnails"), frame: { [weak self] row in self?.frame(ofRow: row) },
      activate: { [weak self] row in self?.pick(row) },
      focusChanged: { [weak self] in self?.updateCells() }, bag: bag)
  }

  /// Brings the accessible cells in step with the cells in view and the selection: a few
  /// values per call, whatever the number of images.
  func updateCells() {
    if let visible = visibleRange, !items.isEmpty {
      cells.items = visible.clamped(to: 0...(items.count - 1)).map { row in
        AccessibleItem(id: row, name: items[row].shownName, isSelected: row == selectedIndex)
      }
    } else {
      cells.items = []
    }
    cells.focusedID = selectedIndex
  }

  /// Where cell `row` is drawn in the canvas, or `nil` when it is out of view.
  func frame(ofRow row: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
    guard let visible = visibleRange, visible.contains(row) else { return nil }
    let cell = layout.pitch - 4
    let x = layout.start(of: row) - adjustment.value
    let top = (Double(canvas.allocatedHeight) - cell) / 2
    return (Int(x.rounded()), Int(top.rounded()), Int(cell), Int(cell))
  }

  /// The keyboard focus on the selected cell: a light ring inside its highlight.
  func paintFocus(_ cr: OpaquePointer, x: Double, y: Double, size: Double) {
    cairo_save(cr)
    cairo_set_line_width(cr, 2)
    cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
    cairo_rectangle(cr, x + 2, y + 2, size - 4, size - 4)
    cairo_stroke(cr)
    cairo_restore(cr)
  }
}
