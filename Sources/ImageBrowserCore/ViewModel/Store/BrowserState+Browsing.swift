// The browse grid's half of the state: subfolder cells, the focus, the selection.
import Foundation

/// The images picked in the browse grid (Ctrl+click, Shift+click, Shift+arrows), which
/// the file actions act on. Empty means the current image alone, as in the viewer, so a
/// plain click or key never leaves a stale selection behind.
package nonisolated struct GridSelection: Hashable, Sendable {
  /// The picked images' ids.
  package var ids: Set<URL> = []
  /// Where a Shift range starts: the image picked last without Shift.
  package var anchor: URL?

  /// An empty selection.
  package init(ids: Set<URL> = [], anchor: URL? = nil) {
    self.ids = ids
    self.anchor = anchor
  }
}

/// What one cell of the browse grid shows.
package nonisolated enum GridCell: Hashable, Sendable {
  /// A subfolder of the open folder; activating it opens it.
  case folder(URL)
  /// The image at this position in `BrowserState.items`: the viewer's and the strip's
  /// index, so the three views share one index.
  case image(Int)
}

extension BrowserState {
  /// How many cells the browse grid has: the subfolders, then the images.
  package var gridCellCount: Int { subfolders.count + items.count }

  /// What cell `cell` of the grid shows.
  package func gridCell(_ cell: Int) -> GridCell {
    cell < subfolders.count ? .folder(subfolders[cell]) : .image(cell - subfolders.count)
  }

  /// The grid cell of the image at `index`.
  package func gridCell(ofImage index: Int) -> Int { subfolders.count + index }

  /// The grid's focused cell: a subfolder's, or else the current image's.
  package var focusedCell: Int? {
    folderFocus.map { $0 } ?? index.map { subfolders.count + $0 }
  }

  /// Whether the image at `index` is picked: in the selection, or the current image
  /// when nothing is selected.
  package func isPicked(_ index: Int) -> Bool {
    guard items.indices.contains(index) else { return false }
    if selection.ids.isEmpty { return index == self.index && folderFocus == nil }
    return selection.ids.contains(items[index].id)
  }

  /// What the file actions act on: the selected images in the grid's order, or the
  /// current image alone when none is selected; nothing while the grid's focus is on a
  /// subfolder (a Delete there must not trash an image that is not highlighted).
  package var pickedItems: [ImageItem] {
    if selection.ids.isEmpty { return folderFocus == nil ? current.map { [$0] } ?? [] : [] }
    return items.filter { selection.ids.contains($0.id) }
  }

  /// The open folder's parent, when there is one to go up to.
  package var parentFolder: URL? {
    guard case .open(let folder) = phase else { return nil }
    let parent = FilePathBytes.folder(of: folder)
    return FilePathBytes.bytes(of: parent) == FilePathBytes.bytes(of: folder) ? nil : parent
  }

  /// Keeps the grid's parts consistent after a change from `before`: a selection only
  /// of images still shown, a subfolder focus only on a subfolder still there, and the
  /// focus back on the current image whenever the index moves.
  mutating func reconcileBrowsing(with before: BrowserState) {
    if !selection.ids.isEmpty, items != before.items {
      let shown = Set(items.map(\.id))
      selection.ids.formIntersection(shown)
      if let anchor = selection.anchor, !shown.contains(anchor) { selection.anchor = nil }
    }
    if index != before.index, folderFocus == before.folderFocus { folderFocus = nil }
    if let focus = folderFocus, !subfolders.indices.contains(focus) {
      folderFocus = subfolders.isEmpty ? nil : subfolders.count - 1
    }
  }
}
