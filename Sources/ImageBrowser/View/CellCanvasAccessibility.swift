// What the strip and the browse grid share for the keyboard and for screen readers: a
// drawn canvas that is a focusable list of the cells in view.
import GtkReactive
import Reactive

extension DrawingArea {
  /// Makes this canvas a focusable list box named `name` whose accessible children are
  /// `cells`: `frame` places a cell on screen, a screen reader's "activate" on a cell
  /// calls `activate`, and a change of focus repaints and calls `focusChanged` (the
  /// focused cell is drawn and announced). The subscriptions live as long as `bag`.
  func bindCellAccessibility(
    _ cells: AccessibleItems, name: String,
    frame: @escaping (Int) -> (x: Int, y: Int, width: Int, height: Int)?,
    activate: @escaping (Int) -> Void, focusChanged: @escaping () -> Void, bag: DisposeBag
  ) {
    canFocus = true
    accessibleName = name
    accessibleRole = .listBox
    cells.frame = frame
    cells.activations.subscribe(next: activate).disposed(by: bag)
    rx.hasFocus.changes
      .subscribe(next: { [weak self] _ in
        self?.queueDraw()
        focusChanged()
      })
      .disposed(by: bag)
  }
}
