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
      return "Image Browser"
    case .opening(let urls):
      return "Opening \(urls.first?.lastPathComponent ?? "")"
    case .failed(let error):
      return "Cannot open \(error.url.lastPathComponent)"
    case .open(let folder):
      guard let index, let current else {
        let what = allItems.isEmpty ? "no images" : "no matches"
        return "\(folder.lastPathComponent), \(what)"
      }
      // The title's `*`, in words a screen reader says.
      let position = "\(current.displayName), \(index + 1) of \(items.count)"
      // TRANSLATORS: what a screen reader says of an image rotated but not saved yet.
      return edits[current.id] == nil ? position : tr("%s, rotated, not saved", position)
    }
  }
}
