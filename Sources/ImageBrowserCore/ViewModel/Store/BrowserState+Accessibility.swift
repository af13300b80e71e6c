// What a screen reader announces for the window and the viewer.
import Foundation

extension BrowserState {
  /// The window's and the viewer's accessible name: `NAME, I of N`, so that a screen
  /// reader announces each page (the window title's wording, without the app's name,
  /// which the reader says anyway), then `rotated, not saved` while the image has an
  /// edit not saved; what the window shows instead of an image otherwise.
  package var accessibleTitle: String {
    switch phase {
    case .idle:
      return tr("Image Browser")
    case .opening(let urls):
      // TRANSLATORS: what a screen reader announces while a file or folder opens.
      return tr("Opening %s", urls.first.map { FilePathBytes.shownName(of: $0) } ?? "")
    case .failed(let error):
      return tr("Cannot open %s", FilePathBytes.shownName(of: error.url))
    case .open(let folder):
      guard let index, let current else {
        if allItems.isEmpty {
          // TRANSLATORS: what a screen reader announces for a folder without images.
          return tr("%s, no images", FilePathBytes.shownName(of: folder))
        }
        // TRANSLATORS: what a screen reader announces when no image name matches the filter.
        return tr("%s, no matches", FilePathBytes.shownName(of: folder))
      }
      // TRANSLATORS: what a screen reader announces for each image: its file name, its
      // position and the number of images.
      let position = tr("%1$s, %2$d of %3$d", current.shownName, index + 1, items.count)
      // TRANSLATORS: what a screen reader says of an image rotated but not saved yet (the
      // title's `*`): the announcement above, then this.
      guard let edit = imageEdit(of: current.id) else { return position }
      if !edit.changesPixels { return tr("%s, rotated, not saved", position) }
      // TRANSLATORS: what a screen reader says of an image cropped or resized but not
      // saved yet: the announcement above, then this.
      return tr("%s, edited, not saved", position)
    }
  }
}
