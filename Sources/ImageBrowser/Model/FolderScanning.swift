// Finding the images to browse: the protocol, and what opening a path produces.
import Foundation

/// What the browser shows after opening a path: the images in order, which one to show
/// first, and where they came from.
nonisolated struct Listing: Hashable, Sendable {
  /// The folder the images are in (for several files, the first one's folder).
  let folder: URL
  /// The images, in natural name order for a folder, in the given order for files.
  let items: [ImageItem]
  /// The image to show first: the opened file, or the first image.
  let selectedIndex: Int?
}

/// Lists the images in a folder. The app uses `FolderScanner`; tests may substitute a
/// fake. Implementations run off the main thread, so they must be `Sendable`.
nonisolated protocol FolderScanning: Sendable {
  /// The formats this scanner accepts.
  var formats: SupportedFormats { get }

  /// The images directly inside `folder` (not in subfolders), hidden files skipped, in
  /// natural name order.
  ///
  /// - Throws: `BrowseError.notFound` or `.unreadable`.
  func scan(_ folder: URL) throws(BrowseError) -> [ImageItem]

  /// Facts about one file, for opening a file by name; `nil` when it does not exist.
  func item(at file: URL) -> ImageItem?

  /// Whether `url` is an existing folder.
  func isFolder(_ url: URL) -> Bool
}

nonisolated extension FolderScanning {
  /// Opens what the command line names: a folder shows its images; one file shows its
  /// folder with that file selected; several files show exactly those files.
  ///
  /// - Throws: `BrowseError` for a missing path, an unreadable folder, or a file that
  ///   is not a supported image.
  func open(_ urls: [URL]) throws(BrowseError) -> Listing {
    precondition(!urls.isEmpty, "FolderScanning.open: nothing to open")
    if urls.count == 1 { return try open(urls[0]) }
    let items = try urls.map { (url) throws(BrowseError) -> ImageItem in
      try imageFile(at: url)
    }
    return Listing(
      folder: items[0].url.deletingLastPathComponent(), items: items,
      selectedIndex: 0)
  }

  /// Opens a folder, or a file's folder with that file selected.
  func open(_ url: URL) throws(BrowseError) -> Listing {
    let url = url.standardizedFileURL
    if isFolder(url) {
      let items = try scan(url)
      return Listing(folder: url, items: items, selectedIndex: items.isEmpty ? nil : 0)
    }
    let file = try imageFile(at: url)
    let folder = url.deletingLastPathComponent()
    var items = try scan(folder)
    var index = items.firstIndex { $0.url == file.url }
    if index == nil {
      // A hidden file, or one that appeared between the two looks: show it anyway, in
      // its place in the order.
      let position =
        items.firstIndex {
          NaturalOrder.areInIncreasingOrder(file.displayName, $0.displayName)
        } ?? items.endIndex
      items.insert(file, at: position)
      index = position
    }
    return Listing(folder: folder, items: items, selectedIndex: index)
  }

  private func imageFile(at url: URL) throws(BrowseError) -> ImageItem {
    let url = url.standardizedFileURL
    guard let item = item(at: url) else { throw .notFound(url) }
    guard formats.contains(url), !isFolder(url) else { throw .notAnImage(url) }
    return item
  }
}
