// What the views see of browse mode: the grid's cells, focus and selection, and folders.
import Foundation
import Reactive

extension BrowserViewModel {
  /// Whether the window shows the browse grid rather than the viewer.
  package var isBrowsing: MutableProperty<Bool> { browsing.isBrowsing }
  /// The open folder's subfolders, the grid's first cells.
  package var subfolders: Property<[URL]> { derived(\.subfolders) }
  /// The images picked in the grid for the file actions.
  package var selection: Property<GridSelection> { derived(\.selection) }
  /// The grid's focused cell: a subfolder's or the current image's.
  package var focusedCell: Property<Int?> { derived(\.focusedCell) }
  /// The parent of the open folder, when there is one to go up to.
  package var parentFolder: Property<URL?> { derived(\.parentFolder) }

  /// A property that follows one part of the state and sends only when it changes.
  private func derived<Part: Equatable>(_ part: @escaping (BrowserState) -> Part) -> Property<Part>
  {
    Property(initial: part(state.value), then: state.signal.map(part).distinctUntilChanged())
  }

  /// The user picked grid cell `cell` as `pick` says; see `Browsing.pick(cell:_:)`.
  package func pickGridCell(_ cell: Int, _ pick: GridPick = .replace) {
    browsing.pick(cell: cell, pick)
  }
  /// Opens grid cell `cell`: an image in the viewer, a subfolder in the grid.
  package func activateGridCell(_ cell: Int) { browsing.activate(cell: cell) }
  /// Opens the grid's focused cell (Return).
  package func activateGridFocus() { browsing.activateFocus() }
  /// Moves the grid's focus as `move` says over `layout` (the grid's geometry), picking
  /// as `pick` says (Shift extends the selection).
  package func moveGridFocus(_ move: GridMove, in layout: GridLayout, _ pick: GridPick = .replace) {
    guard let target = layout.target(of: move, from: state.value.focusedCell) else { return }
    browsing.pick(cell: target, pick)
  }
  /// Selects every image in the grid.
  package func selectAllInGrid() { browsing.selectAll() }
  /// Opens the open folder's parent.
  package func openParentFolder() { browsing.openParent() }
  /// Moves the picked images (the grid's selection, or the current image) to the trash.
  package func trashPicked() -> Signal<Void, Never> { fileActions.trashPicked() }
}
