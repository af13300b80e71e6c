// Browse mode: the folder as a grid of its subfolders and thumbnails, on the one index.
import Foundation
import Reactive

/// How a click or a key picks a grid cell.
package nonisolated enum GridPick: Hashable, Sendable {
  /// A plain click or key: the cell alone.
  case replace
  /// Ctrl: the cell joins or leaves the selection.
  case toggle
  /// Shift: the cells from the anchor to this one.
  case extend
}

/// Browse mode: whether the window shows the grid or the viewer, and what the grid does
/// with the state. The grid, the viewer and the strip are three views on one index:
/// the grid's focus on an image is `BrowserState.index`, so paging in the viewer moves
/// the grid's focus and a click in the grid moves the viewer's image. The grid also
/// shows the open folder's subfolders (read here, on the background scheduler, each time
/// a folder opens and when it changes), a focus on one of them (`folderFocus`), and the
/// images picked for the file actions (`selection`).
///
/// Owns `isBrowsing`, which is presentation like fullscreen; everything else it writes
/// through the store.
package final class Browsing {
  /// Whether the window shows the grid (browse mode) rather than the viewer.
  package let isBrowsing = MutableProperty(false)
  let store: BrowserStore
  let folder: FolderSession
  let window: WindowMode
  let notice: MutableProperty<Notice?>
  let mainScheduler: Scheduler
  let backgroundScheduler: Scheduler
  /// The subfolder listing in flight; a newer folder replaces it.
  private let reading = SerialDisposable()
  /// The folder to focus once the subfolders arrive: the one the user came up from.
  private var pendingFocus: URL?
  private let bag = DisposeBag()

  /// Browse mode on `store`, opening folders through `folder`, reading subfolders on
  /// `background`; leaves the grid when `window` goes fullscreen or a slideshow starts.
  init(
    store: BrowserStore, folder: FolderSession, window: WindowMode,
    notice: MutableProperty<Notice?>, main: Scheduler, background: Scheduler
  ) {
    self.store = store
    self.folder = folder
    self.window = window
    self.notice = notice
    mainScheduler = main
    backgroundScheduler = background
    bag.insert(reading)
    bindSubfolders()
    bindPresentation()
  }

  // MARK: Presentation

  private func bindPresentation() {
    // The image alone: fullscreen and the slideshow show the viewer.
    window.isFullscreen.signal.filter { $0 }
      .subscribe(next: { [weak self] _ in self?.isBrowsing.value = false })
      .disposed(by: bag)
    store.isSlideshowRunning.signal.filter { $0 }
      .subscribe(next: { [weak self] _ in self?.isBrowsing.value = false })
      .disposed(by: bag)
    isBrowsing.signal.distinctUntilChanged()
      .subscribe(next: { [weak self] browsing in
        guard let self else { return }
        if browsing {
          // The slideshow stops as `Slideshow.stopSlideshow()` stops it: its timer follows.
          if store.isSlideshowRunning.value { store.update { $0.isSlideshowRunning = false } }
          if window.isFullscreen.value { window.isFullscreen.value = false }
        } else {
          // The viewer acts on the image it shows: the grid's selection ends with it.
          store.update { state in
            state.selection = GridSelection()
            state.folderFocus = nil
          }
        }
      })
      .disposed(by: bag)
  }

  // MARK: The grid's cells

  /// The user picked grid cell `cell` (a click, an arrow key) as `pick` says: an image
  /// becomes current (the viewer and the strip follow), a subfolder takes the focus.
  package func pick(cell: Int, _ pick: GridPick = .replace) {
    let state = store.state.value
    guard cell >= 0, cell < state.gridCellCount else { return }
    switch state.gridCell(cell) {
    case .folder:
      store.update { state in
        state.folderFocus = cell
        if pick == .replace { state.selection = GridSelection() }
      }
    case .image(let index):
      let id = state.items[index].id
      store.update { state in
        switch pick {
        case .replace:
          state.selection = GridSelection(anchor: id)
        case .toggle:
          var ids = state.selection.ids
          if ids.isEmpty, let current = state.current, state.folderFocus == nil {
            ids.insert(current.id)
          }
          if ids.contains(id) { ids.remove(id) } else { ids.insert(id) }
          state.selection = GridSelection(ids: ids, anchor: id)
        case .extend:
          let anchorID = state.selection.anchor ?? state.current?.id ?? id
          let anchor = state.items.firstIndex { $0.id == anchorID } ?? index
          let range = min(anchor, index)...max(anchor, index)
          state.selection = GridSelection(
            ids: Set(state.items[range].map(\.id)), anchor: anchorID)
        }
        state.index = index
        state.folderFocus = nil
      }
    }
  }

  /// Activates grid cell `cell` (Return, a double click): an image shows in the viewer,
  /// a subfolder opens.
  package func activate(cell: Int) {
    let state = store.state.value
    guard cell >= 0, cell < state.gridCellCount else { return }
    switch state.gridCell(cell) {
    case .folder(let url):
      open(subfolder: url)
    case .image(let index):
      store.select(index: index)
      isBrowsing.value = false
    }
  }

  /// Activates the focused cell (Return in the grid).
  package func activateFocus() {
    if let cell = store.state.value.focusedCell { activate(cell: cell) }
  }

  /// Selects every image of the grid (Ctrl+A).
  package func selectAll() {
    store.update { state in
      guard !state.items.isEmpty else { return }
      state.selection = GridSelection(
        ids: Set(state.items.map(\.id)), anchor: state.selection.anchor ?? state.current?.id)
    }
  }

  // MARK: Folders

  /// The open folder, when one is (not a set of files, nothing failed).
  private var openFolder: URL? {
    if case .open(let folder) = store.state.value.phase { folder } else { nil }
  }

  /// Opens the open folder's parent, its subfolder we came from focused once listed.
  package func openParent() {
    guard let folder = openFolder, let parent = store.state.value.parentFolder else { return }
    pendingFocus = folder
    self.folder.open([parent])
  }

  /// Opens `url`, a subfolder shown in the grid; one that has vanished since it was
  /// listed says so and leaves the grid as it is (its cell goes).
  package func open(subfolder url: URL) {
    guard folder.scanner.isFolder(url) else {
      notice.value = Notice(
        message: tr("The folder “%s” no longer exists.", FilePathBytes.shownName(of: url)),
        isFailure: true)
      if let open = openFolder { readSubfolders(of: open) }
      return
    }
    pendingFocus = nil
    folder.open([url])
  }

  /// Reads the subfolders of each folder opened, and again when the open folder
  /// changes (a folder created, deleted or renamed in it).
  private func bindSubfolders() {
    store.state.signal
      .map { state -> URL? in
        if case .open(let folder) = state.phase { folder } else { nil }
      }
      .distinctUntilChanged()
      .subscribe(next: { [weak self] folder in
        guard let self else { return }
        store.update { state in
          state.subfolders = []
          state.folderFocus = nil
          state.selection = GridSelection()
        }
        if let folder { readSubfolders(of: folder) } else { reading.inner = nil }
      })
      .disposed(by: bag)
    // The folder session's watch (one file monitor per folder): a folder created,
    // deleted or renamed in the open folder shows in the grid.
    folder.changeBatches.signal
      .subscribe(next: { [weak self] _ in
        guard let self, let folder = openFolder else { return }
        readSubfolders(of: folder)
      })
      .disposed(by: bag)
  }

  /// Lists `folder`'s subfolders on the background scheduler and shows them, unless
  /// another folder opened meanwhile. A folder that cannot be read shows none (its
  /// images' listing says why).
  private func readSubfolders(of folder: URL) {
    let scanner = self.folder.scanner
    reading.inner = Signal<[URL], Never>
      .deferred { .just((try? scanner.subfolders(in: folder)) ?? []) }
      .subscribe(on: backgroundScheduler)
      .observe(on: mainScheduler)
      .subscribe(next: { [weak self] subfolders in self?.show(subfolders, of: folder) })
  }

  private func show(_ subfolders: [URL], of folder: URL) {
    guard openFolder == folder else { return }
    let focusID = pendingFocus
    pendingFocus = nil
    store.update { state in
      // The focus stays on the subfolder it was on, wherever it moved.
      let focused = state.folderFocus.flatMap {
        state.subfolders.indices.contains($0) ? state.subfolders[$0] : nil
      }
      state.subfolders = subfolders
      if let focusID, let position = subfolders.firstIndex(where: { Self.same($0, focusID) }) {
        state.folderFocus = position
      } else if let focused {
        state.folderFocus = subfolders.firstIndex { Self.same($0, focused) }
      }
    }
  }

  /// Whether two folder URLs name the same path (one may end in a slash).
  private static func same(_ a: URL, _ b: URL) -> Bool {
    FilePathBytes.bytes(of: a) == FilePathBytes.bytes(of: b)
  }
}
