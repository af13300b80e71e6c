// What a screen reader announces for the window and the viewer.
import Foundation

extension BrowserState {
  /// The window's and the viewer's accessible name: `NAME, I of N`, so that a screen
  /// reader announces each page (the window title's wording, without the app's name,
  /// which the reader says anyway); what the window shows instead of an image otherwise.
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
      return "\(current.displayName), \(index + 1) of \(items.count)"
    }
  }
}
