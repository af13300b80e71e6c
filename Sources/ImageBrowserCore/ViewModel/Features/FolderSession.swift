// Opening folders and files, and following changes to the open folder.
import Foundation
import Reactive

/// The folder session: what is open and how it is shown. Opens folders and files,
/// follows the open folder's changes, sorts (remembering the order) and filters by
/// name. It owns its scans, sorts and filter, and the search text; it writes the list,
/// the phase and the order only through the store.
package final class FolderSession {
  /// The search entry's text; the filter follows it, debounced (see `BrowserTiming`),
  /// and clearing it shows every image at once.
  package let filterText = MutableProperty("")
  /// The folder scan in flight; a newer `open` replaces (cancels) it.
  let opening = SerialDisposable()

  let store: BrowserStore
  let scanner: any FolderScanning
  /// Reports changes to the open folder.
  let watcher: any FolderWatching
  /// Where the sort order is remembered between launches.
  let settings: any SettingsStore
  /// The camera metadata read so far, per file version (sorting by date taken reads it).
  let metadata: MetadataCache
  let mainScheduler: Scheduler
  /// Where listing, sorting and filtering run.
  let backgroundScheduler: Scheduler
  let timing: BrowserTiming
  /// The re-sort in flight after the order changed; a newer one replaces it.
  let sorting = SerialDisposable()
  /// The sort of a batch of folder changes in flight; a newer batch replaces it.
  let watchSorting = SerialDisposable()
  /// The changes that sort is for: a newer batch is applied together with them.
  var pendingFolderChanges: [FolderChange] = []
  /// Each batch of the open folder's changes, after it was applied (the browse grid reads
  /// the subfolders again: folders never enter the list of images).
  let changeBatches = PublishSubject<[FolderChange], Never>()
  /// Told, from the listing's thread, which image an opened folder starts on, before the
  /// main scheduler shows it (the pipeline, to decode it while the window is built).
  let announcements: (any OpeningAnnouncements)?
  /// The session's subscriptions, ended when it is deinitialized (a scan or a sort
  /// still running stops with it).
  let bag = DisposeBag()

  /// A session listing with `scanner` and following `watcher` on `background`,
  /// delivering on `main`; the sort order is read from and saved to `settings`, and an
  /// opened folder's first image is announced to `announcements`.
  init(
    store: BrowserStore, scanner: any FolderScanning, watcher: any FolderWatching,
    settings: any SettingsStore, metadata: MetadataCache, main: Scheduler,
    background: Scheduler, timing: BrowserTiming,
    announcements: (any OpeningAnnouncements)? = nil
  ) {
    self.announcements = announcements
    self.store = store
    self.scanner = scanner
    self.watcher = watcher
    self.settings = settings
    self.metadata = metadata
    mainScheduler = main
    backgroundScheduler = background
    self.timing = timing
    bag.insert(opening)
    bag.insert(sorting)
    bag.insert(watchSorting)
    bindFilter()
    bindFolderWatching()
  }

  /// Opens a folder, a file (its folder, with it selected) or several files. A newer
  /// call cancels an older one still listing.
  ///
  /// An opened file shows at once: one `stat` on the calling thread finds it, the view
  /// model shows a listing of just that file, and its folder is then read on the
  /// background scheduler and inserted in one batch, the file staying current. A folder
  /// is read on the background scheduler; its first image shows alone as soon as the
  /// scanner knows it (so it is decoded while the rest is listed), and the others join
  /// it in one batch when the listing is complete. Several files are looked up in the
  /// background.
  package func open(_ urls: [URL]) {
    guard !urls.isEmpty else { return }
    opening.inner = nil
    if store.state.value.openedUnshownFile != nil {
      store.update { $0.openedUnshownFile = nil }
    }
    stopSorting()
    let order = store.state.value.sort
    let cache = metadata
    let announcements = announcements
    let opening = announcements?.openingBegan()
    guard urls.count == 1 else {
      start(urls)
      listen(
        to: Self.working { [scanner] () throws(BrowseError) in
          let listing = try scanner.open(urls)
          return Listing(
            folder: listing.folder,
            items: Self.sorted(listing.items, by: order, metadata: cache), selectedIndex: 0)
        },
        sortedBy: order, next: { [weak self] listing in self?.show(listing) },
        error: { [weak self] error in self?.showFailure(error) })
      return
    }
    let target: OpenTarget
    do throws(BrowseError) {
      target = try scanner.resolve(urls[0])
    } catch {
      if case .notAnImage(let file) = error {
        openFolder(showing: file, failure: error)
      } else {
        showFailure(error)
      }
      return
    }
    switch target {
    case .folder(let folder):
      start(urls)
      listen(
        to: Self.listing(folder, sortedBy: order, scanner: scanner, metadata: cache) { item in
          if let opening { announcements?.announce(item, opening: opening) }
        },
        sortedBy: order, next: { [weak self] step in self?.show(step) },
        error: { [weak self] error in self?.showFailure(error) })
    case .file(let file):
      show(
        Listing(folder: FilePathBytes.folder(of: file.url), items: [file], selectedIndex: 0),
        isListing: true)
      listen(
        to: Self.working { [scanner] () throws(BrowseError) in
          Self.sorted(
            try scanner.listing(around: file, sortedBy: order.key), by: order, metadata: cache)
        },
        sortedBy: order, next: { [weak self] listing in self?.insert(listing) },
        // The folder cannot be listed, but the file could be read: keep showing it.
        error: { [weak self] _ in self?.store.update { $0.isListing = false } })
    }
  }

  /// Shows a listing at once: its images (filtered by the current query) with its
  /// selected image current. `isListing` says whether more of the folder is coming.
  package func show(_ listing: Listing, isListing: Bool = false) {
    let selected = listing.selectedIndex.map { listing.items[$0].id }
    store.update { state in
      // A different folder: nothing of the old one should stay current.
      state.startOver(
        at: .open(folder: listing.folder), items: listing.items, selecting: selected,
        isListing: isListing)
    }
  }

  /// Shows why opening failed, in place of the images.
  func showFailure(_ error: BrowseError) {
    store.update { $0.startOver(at: .failed(error), isListing: false) }
  }

  /// Takes a new list of the open folder's images (a rescan, a file monitor): the
  /// current image stays current wherever it moved, or its neighbour takes over if it
  /// is gone.
  func replaceAllItems(_ newItems: [ImageItem]) {
    store.update { $0.replaceAllItems(with: newItems) }
  }

  /// Scans the open folder again in the background and takes the result through
  /// `replaceAllItems(_:)`. Does nothing while the folder is still being listed: that
  /// listing is as fresh.
  func rescan() {
    guard case .open(let folder) = store.state.value.phase, !store.state.value.isListing else {
      return
    }
    let order = store.state.value.sort
    let cache = metadata
    listen(
      to: Self.working { [scanner] () throws(BrowseError) in
        Self.sorted(try scanner.scan(folder, sortedBy: order.key), by: order, metadata: cache)
      },
      sortedBy: order, next: { [weak self] items in self?.replaceAllItems(items) },
      error: { _ in })
  }

  /// The rest of a file's folder, arrived: inserted around the file in one change.
  func insert(_ listing: Listing) {
    store.update { state in
      state.isListing = false
      state.replaceAllItems(with: listing.items)
    }
  }

  /// Clears what was shown and says what is being opened.
  private func start(_ urls: [URL]) {
    store.update { $0.startOver(at: .opening(urls), isListing: true) }
  }

  /// Runs `work` on the background scheduler and hands its result to `next` (or its
  /// error to `error`) on the main one, as the `opening` in flight: a newer one cancels
  /// it. A result listed in an order the user has since changed is sorted again.
  private func listen<Result>(
    to work: Signal<Result, BrowseError>, sortedBy order: ImageSort,
    next: @escaping (Result) -> Void, error: @escaping (BrowseError) -> Void
  ) {
    opening.inner =
      work
      .subscribe(on: backgroundScheduler)
      .observe(on: mainScheduler)
      .subscribe(
        next: { [weak self] result in
          next(result)
          guard let self, store.state.value.sort != order else { return }
          resort()
        }, error: error)
  }

  /// A signal that runs `body` when subscribed, on the subscribing thread.
  nonisolated private static func working<Result>(
    _ body: @escaping @Sendable () throws(BrowseError) -> Result
  ) -> Signal<Result, BrowseError> {
    Signal.deferred { () throws(BrowseError) in .just(try body()) }
  }
}
