// Everything the browser shows, as one value: the view model's single source of truth.
import Foundation

/// Where the browser is in opening a folder.
package nonisolated enum BrowserPhase: Hashable, Sendable {
  /// Nothing has been opened yet.
  case idle
  /// A folder is being scanned.
  case opening([URL])
  /// A folder (or a set of files) is open; it may hold no images.
  case open(folder: URL)
  /// Opening failed; the window shows the error's message.
  case failed(BrowseError)
}

/// The state of the browser at one moment. `BrowserStore` keeps exactly one and
/// derives every property the views observe from it, so they never see two halves of
/// one change that disagree (say, a new item list with an index from the old one).
///
/// `items` is derived from `allItems` and `query`: only this type's mutating methods
/// change any of the three, each computing `items` from the other two (or taking a
/// filter result computed in the background for exactly those two).
package nonisolated struct BrowserState: Hashable, Sendable {
  /// Where opening stands.
  package var phase: BrowserPhase = .idle
  /// Every image of the open folder, in order.
  private(set) var allItems: [ImageItem] = []
  /// The filter in effect (trimmed); empty shows every image.
  private(set) var query = ""
  /// The images shown: `allItems` whose names contain `query`.
  package private(set) var items: [ImageItem] = []
  /// The position of the current image in `items`; `nil` exactly when `items` is empty.
  package var index: Int?
  /// How the viewer draws the current image; back to `.fit` on every new image.
  package var zoom = Zoom.fit
  /// Where the zoomed image sits: its centre's offset from the viewer's; back to centred
  /// on every new image.
  package var pan = Pan.zero
  /// The pinch under way, if any: where it began. Gone on a new image.
  package var pinch: PinchOrigin?
  /// Whether the slideshow is running.
  package var isSlideshowRunning = false
  /// Images that failed to decode, with the message to show for each.
  package var failures: [URL: String] = [:]
  /// The order of `allItems`.
  package var sortOrder = ImageSortOrder.name
  /// Whether `sortOrder` runs backwards.
  package var sortDescending = false
  /// The order of `allItems`, with its direction.
  package var sort: ImageSort { ImageSort(sortOrder, descending: sortDescending) }
  /// A file opened by name that the browser cannot show (no loader reads it, or it is
  /// not an image): its folder opens instead and lists it among the files that cannot
  /// be shown. Set by each `open`, kept while that folder is shown.
  package var openedUnshownFile: URL?
  /// Whether a folder is being read: an opened file shows before its folder's listing
  /// arrives, and a progress indicator can follow this.
  package var isListing = false
  /// Whether the folder is being sorted again in the background after the order
  /// changed (sorting by date taken reads every file's metadata: seconds for thousands).
  package var isSorting = false
  /// The turns and mirrors of each file shown but not saved, step by step (so they can be
  /// undone and redone). Never holds an empty history.
  package var editHistory: [URL: ImageEdits] = [:]
  /// The open folder's subfolders, shown before the images in the browse grid
  /// (`BrowserState+Browsing.swift`).
  package var subfolders: [URL] = []
  /// The browse grid's focus when it is on a subfolder (a position in `subfolders`);
  /// `nil` when it is on the current image.
  package var folderFocus: Int?
  /// The images picked in the browse grid for the file actions.
  package var selection = GridSelection()

  /// The turns and mirrors shown but not saved, per file: each relative to the file as
  /// it is on disk. Never holds `.up` (steps that cancel out leave no edit).
  package var edits: [URL: Orientation] { editHistory.compactMapValues(\.orientation) }

  /// The turn or mirror of `url` shown but not saved, if any: `edits[url]` without
  /// composing every other file's steps.
  package func edit(of url: URL) -> Orientation? { editHistory[url]?.orientation }

  /// Every edit shown but not saved (turns, mirrors, crops, resizes), per file: each
  /// relative to the file as it is on disk. Never holds an edit that changes nothing.
  package var imageEdits: [URL: ImageEdit] { editHistory.compactMapValues(\.edit) }

  /// The edit of `url` shown but not saved, if any.
  package func imageEdit(of url: URL) -> ImageEdit? { editHistory[url]?.edit }

  /// The current image's steps, if it has any to undo or redo.
  package var currentEditHistory: ImageEdits? { current.flatMap { editHistory[$0.id] } }

  /// Changes the edit history of `url` by `change`; a history left empty is dropped.
  package mutating func changeEdits(of url: URL, _ change: (inout ImageEdits) -> Void) {
    var history = editHistory[url] ?? ImageEdits()
    change(&history)
    editHistory[url] = history.isEmpty ? nil : history
  }

  /// The image being shown.
  package var current: ImageItem? { index.map { items[$0] } }

  /// The window title: `NAME (I of N) — Image Browser` (`*NAME` while it has an edit
  /// not saved), or what the window shows instead of an image.
  package var title: String {
    headline.map { Self.windowTitle($0) } ?? tr("Image Browser")
  }

  /// The window title for `heading`: `heading — Image Browser`.
  package static func windowTitle(_ heading: String) -> String {
    // TRANSLATORS: the window title: what the window shows, then the application's name.
    tr("%s — Image Browser", heading)
  }

  /// What the title says before the application's name: `NAME (I of N)`, or what the
  /// window shows instead of an image; `nil` before anything is open.
  package var headline: String? {
    switch phase {
    case .idle, .opening:
      return nil
    case .failed(let error):
      return tr("Cannot open %s", FilePathBytes.shownName(of: error.url))
    case .open(let folder):
      guard let index, let current else {
        return allItems.isEmpty
          ? tr("%s (no images)", FilePathBytes.shownName(of: folder))
          : tr("%s (no matches)", FilePathBytes.shownName(of: folder))
      }
      let modified = imageEdit(of: current.id) == nil ? "" : "*"
      // TRANSLATORS: the title: the image's file name, its position and the number of images.
      return tr("%1$s (%2$d of %3$d)", modified + current.shownName, index + 1, items.count)
    }
  }

  /// The header bar's title in two parts: the name, which may be shortened to fit, and
  /// the position ("(3 of 13)"), which never is; the name starts with `*` while the image
  /// has an edit not saved. Without an image the name is what the window title says and
  /// the position is `nil`.
  package var heading: BrowserHeading {
    guard case .open = phase, let index, let current else {
      return BrowserHeading(name: headline ?? tr("Image Browser"), position: nil)
    }
    let modified = imageEdit(of: current.id) == nil ? "" : "*"
    // TRANSLATORS: the image's position in the header bar, beside its file name.
    let position = tr("(%1$d of %2$d)", index + 1, items.count)
    return BrowserHeading(name: modified + current.shownName, position: position)
  }

  /// What the viewer shows in place of an image, or `nil` when it shows one.
  package var placeholder: String? {
    switch phase {
    case .idle:
      return tr("Open a folder to browse its images.")
    case .opening(let urls):
      return tr("Opening “%s”…", urls.first.map { FilePathBytes.shownName(of: $0) } ?? "")
    case .failed(let error):
      return error.message
    case .open(let folder):
      if !items.isEmpty { return nil }
      if allItems.isEmpty {
        return tr("There are no images in “%s”.", FilePathBytes.shownName(of: folder))
      }
      return tr("No image names contain “%s”.", query)
    }
  }

  /// Starts over at `phase` (opening, open, failed), showing `newItems` as the images
  /// of a different folder (or set of files): those matching the query, with the one
  /// whose id is `selected` current (else the first), nothing of the old list kept
  /// current, no failures and no slideshow. `isListing` says whether more is coming.
  mutating func startOver(
    at phase: BrowserPhase, items newItems: [ImageItem] = [], selecting selected: URL? = nil,
    isListing: Bool
  ) {
    self.phase = phase
    failures = [:]
    isSlideshowRunning = false
    self.isListing = isListing
    allItems = newItems
    items = []
    index = nil
    let shown = Self.filter(newItems, by: query)
    replaceItems(with: shown, preferring: shown.firstIndex { $0.id == selected })
  }

  /// Applies the filter `result` (computed in the background): its query, and its
  /// images, or, when the folder changed while it ran, the images there now that match.
  mutating func applyFilter(_ result: FilterResult) {
    query = result.query
    let shown = result.source == allItems ? result.items : Self.filter(allItems, by: query)
    replaceItems(with: shown)
  }

  /// Replaces the shown images, keeping the current image current: its index follows
  /// it when images are inserted or removed around it; when it is gone, the nearest
  /// following survivor becomes current (or, at the end, the nearest preceding one).
  private mutating func replaceItems(with newItems: [ImageItem], preferring preferred: Int? = nil) {
    let oldItems = items
    let oldIndex = index
    items = newItems
    if let preferred, newItems.indices.contains(preferred) {
      index = preferred
    } else {
      index = Self.reconciledIndex(oldItems: oldItems, oldIndex: oldIndex, newItems: newItems)
    }
  }

  /// Replaces every image of the open folder (`allItems`), showing those that match
  /// the query with the current image kept current (see `replaceItems`), and forgets
  /// the failures of images that are gone.
  mutating func replaceAllItems(with newItems: [ImageItem]) {
    allItems = newItems
    replaceItems(with: Self.filter(newItems, by: query))
    if !failures.isEmpty {
      let present = Set(newItems.map(\.id))
      failures = failures.filter { present.contains($0.key) }
    }
  }

  /// The index in `newItems` of the image that should stay current; see
  /// `replaceItems(with:preferring:)`.
  static func reconciledIndex(
    oldItems: [ImageItem], oldIndex: Int?, newItems: [ImageItem]
  ) -> Int? {
    guard !newItems.isEmpty else { return nil }
    guard let oldIndex, oldItems.indices.contains(oldIndex) else { return 0 }
    // The common case without hashing every image: the current one is still there.
    let currentID = oldItems[oldIndex].id
    if newItems.indices.contains(oldIndex), newItems[oldIndex].id == currentID { return oldIndex }
    if let same = newItems.firstIndex(where: { $0.id == currentID }) { return same }
    var positions: [URL: Int] = [:]
    positions.reserveCapacity(newItems.count)
    for (position, item) in newItems.enumerated() { positions[item.id] = position }
    for item in oldItems[(oldIndex + 1)...] {
      if let next = positions[item.id] { return next }
    }
    for item in oldItems[..<oldIndex].reversed() {
      if let previous = positions[item.id] { return previous }
    }
    return min(oldIndex, newItems.count - 1)
  }

  /// The images of `items` whose display names contain `query`, ignoring case.
  static func filter(_ items: [ImageItem], by query: String) -> [ImageItem] {
    guard !query.isEmpty else { return items }
    let needle = query.lowercased()
    return items.filter { $0.displayName.lowercased().contains(needle) }
  }
}
