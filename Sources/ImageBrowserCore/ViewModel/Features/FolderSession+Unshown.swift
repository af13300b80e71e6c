// Opening a file the browser cannot show: its folder instead, with it listed as such.
import Foundation
import Reactive

extension FolderSession {
  /// Opens the folder of `file`, a file the browser cannot show, as a folder is opened
  /// (first image current), and remembers `file` (`BrowserState.openedUnshownFile`) so
  /// that it is listed among the folder's files that cannot be shown. A person who
  /// opens a RAW file or a document by name then sees where it is and what else is
  /// there, not a dead end. When the folder itself cannot be listed, `failure` (why the
  /// file cannot be shown) is what the window says.
  func openFolder(showing file: URL, failure: BrowseError) {
    let path = FilePathBytes.canonicalPath(of: file)
    let shown = FilePathBytes.url(forPath: path)
    let folder = FilePathBytes.folder(of: shown)
    let order = store.state.value.sort
    let cache = metadata
    store.update {
      $0.startOver(at: .opening([file]), isListing: true)
      $0.openedUnshownFile = shown
    }
    opening.inner = Signal<Listing, BrowseError>.deferred { [scanner] () throws(BrowseError) in
      let items = try scanner.scan(folder, sortedBy: order.key)
      let listing = Listing(folder: folder, items: items, selectedIndex: items.isEmpty ? nil : 0)
      return .just(Self.sorted(listing, by: order, metadata: cache, selectingFirst: true))
    }
    .subscribe(on: backgroundScheduler)
    .observe(on: mainScheduler)
    .subscribe(
      next: { [weak self] listing in
        guard let self else { return }
        show(listing)
        if store.state.value.sort != order { resort() }
      },
      error: { [weak self] _ in
        self?.store.update {
          $0.startOver(at: .failed(failure), isListing: false)
          $0.openedUnshownFile = nil
        }
      })
  }

  /// What the window says about `file`, opened by name but not shown: why, and that its
  /// folder shows instead.
  nonisolated static func unshownMessage(for file: URL) -> String {
    let name = FilePathBytes.shownName(of: file)
    let ext = file.pathExtension
    if ImageExtensions.known.contains(ext.lowercased()) {
      return tr(
        "“%1$s” cannot be shown: no image loader installed here reads %2$s files. The other files of its folder are shown.",
        name, ShownName.of(ext.uppercased()))
    }
    return tr("“%s” is not an image. The images of its folder are shown instead.", name)
  }
}
