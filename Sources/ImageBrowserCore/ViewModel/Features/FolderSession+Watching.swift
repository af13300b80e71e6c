// Following the open folder: files that arrive, vanish, change or are renamed while browsing.
import Foundation
import Reactive

/// The changes reported since the last batch was applied.
private final class ChangeBatch {
  package var changes: [FolderChange] = []

  func take() -> [FolderChange] {
    defer { changes = [] }
    return changes
  }
}

extension FolderSession {
  /// Watches the open folder once it is listed (`watcher.changes`, replaced when another
  /// folder opens) and applies its changes in batches: a burst — a folder of files
  /// copied or deleted — waits until it has been quiet for `timing.folderChangeQuiet`,
  /// then changes the list once; changes that never pause (a camera import, a sync
  /// client) apply at least every `timing.folderChangeMaximumWait`.
  func bindFolderWatching() {
    let batch = ChangeBatch()
    let watcher = self.watcher
    store.state.signal
      .map { state -> URL? in
        guard case .open(let folder) = state.phase, !state.isListing else { return nil }
        return folder
      }
      .distinctUntilChanged()
      .flatMap(.latest) { folder -> Signal<FolderChange, Never> in
        folder.map { watcher.changes(in: $0) } ?? .empty()
      }
      .on(next: { change in batch.changes.append(change) })
      .debounce(
        timing.folderChangeQuiet, maxWait: timing.folderChangeMaximumWait, on: mainScheduler
      )
      .subscribe(next: { [weak self] _ in
        guard let self else { return }
        let changes = batch.take()
        apply(changes)
        changeBatches.send(changes)
      })
      .disposed(by: bag)
  }

  /// Applies folder changes to the images: new image files appear in their place in
  /// the order, vanished ones disappear, changed ones are read again (their thumbnail
  /// and decoded image follow), renamed ones move. The current image stays current
  /// wherever it moves, under its new name if it was renamed; if it was deleted, its
  /// neighbour takes its place. If the folder itself goes, the window says so.
  func apply(_ newChanges: [FolderChange]) {
    guard case .open(let folder) = store.state.value.phase, !newChanges.isEmpty else { return }
    // A batch still being sorted is redone together with this one.
    let changes = pendingFolderChanges + newChanges
    pendingFolderChanges = []
    watchSorting.inner = nil
    // The folder itself deleted or moved away: say so instead of showing its ghosts.
    let folderPath = FilePathBytes.bytes(of: folder)
    let folderGone = changes.contains { change in
      switch change {
      case .removed(let url), .renamed(let url, _): FilePathBytes.bytes(of: url) == folderPath
      case .added, .modified: false
      }
    }
    if folderGone, !scanner.isFolder(folder) {
      showFailure(.notFound(folder))
      return
    }
    let current = store.state.value.current?.id
    var removed: Set<URL> = []
    var added: [URL] = []
    var modified: Set<URL> = []
    var currentRenamedTo: URL?
    for change in changes {
      switch change {
      case .added(let url):
        removed.remove(url)
        added.append(url)
      case .removed(let url):
        removed.insert(url)
        added.removeAll { $0 == url }
      case .modified(let url):
        modified.insert(url)
      case .renamed(let old, let new):
        removed.insert(old)
        added.removeAll { $0 == old }
        removed.remove(new)
        added.append(new)
        if old == current || old == currentRenamedTo { currentRenamedTo = new }
      }
    }
    // What stays where it is (still in order), and what goes into place: files that
    // appeared, and files that changed (read again: a new size and date, a new
    // thumbnail; their place may move).
    var dropped = removed
    var incoming: [ImageItem] = []
    var listed: Set<URL>?
    for url in Set(added).union(modified) {
      let fresh = isImageFile(url, in: folder) ? scanner.listedItem(at: url) : nil
      if listed == nil { listed = Set(store.state.value.allItems.map(\.id)) }
      let isListed = listed?.contains(url) == true && !removed.contains(url)
      if let fresh {
        if isListed { dropped.insert(url) }
        incoming.append(fresh)
      } else if isListed, added.contains(url) {
        // Replaced by something that is not an image (a folder, say).
        dropped.insert(url)
      }
    }
    let kept = store.state.value.allItems.filter { !dropped.contains($0.id) }
    let retried = modified
    let take: ([ImageItem]) -> Void = { [weak self] items in
      self?.store.update { state in
        state.replaceAllItems(with: items)
        // A file that changed may decode now.
        for url in retried { state.failures[url] = nil }
        if let renamed = currentRenamedTo,
          let index = state.items.firstIndex(where: { $0.id == renamed })
        {
          state.index = index
        }
      }
    }
    guard !incoming.isEmpty else { return take(kept) }
    // The new and changed files go into their places among the others, which are in
    // order already (a binary search each: a large folder is not sorted whole for every
    // batch); on the background scheduler, as listing and re-sorting are, since it may
    // read sizes, dates or metadata.
    let before = store.state.value.allItems
    let order = store.state.value.sort
    pendingFolderChanges = changes
    let cache = metadata
    watchSorting.inner = Signal.deferred {
      .just(Self.merged(incoming, into: kept, by: order, metadata: cache))
    }
    .subscribe(on: backgroundScheduler)
    .observe(on: mainScheduler)
    .subscribe(next: { [weak self] sorted in
      guard let self else { return }
      pendingFolderChanges = []
      // The list changed meanwhile (a listing, a re-sort): apply the batch to it anew.
      guard store.state.value.allItems == before, store.state.value.sort == order else {
        return apply(changes)
      }
      take(sorted)
    })
  }

  /// Whether `url` is directly in `folder` and named as the scan lists files
  /// (`SupportedFormats.lists(fileName:)`, on the name's bytes: a name starting with a
  /// dot and a combining accent is hidden here too); a folder, FIFO, socket or device
  /// so named is refused by `scanner.listedItem(at:)`.
  private func isImageFile(_ url: URL, in folder: URL) -> Bool {
    let path = FilePathBytes.bytes(of: url)
    let name = path.split(separator: UInt8(ascii: "/")).last ?? path[...]
    return FilePathBytes.bytes(of: url.deletingLastPathComponent())
      == FilePathBytes.bytes(of: folder)
      && scanner.formats.lists(fileName: name)
  }
}
