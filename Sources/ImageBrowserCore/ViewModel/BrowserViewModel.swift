// The image browser's view model: the images, the one index the viewer and strip share.
import Foundation
import Reactive

/// The state and actions of the image browser, free of GTK: the views bind themselves
/// to it, tests drive it on a `TestScheduler`.
///
/// Everything the views observe derives from one `BrowserState` value, changed in one
/// place (`update(_:)`), so one user action produces one consistent change: paging sets
/// `index` once, and each derived property sends only when its own value changes. The
/// viewer pages by executing `next`/`previous` (or `select(index:)`); the strip observes
/// `index` to select and centre a cell and calls `select(index:)` when the user picks
/// one. Selecting the current index again is a no-op, so an echo cannot loop.
///
/// Derived properties are delivered in declaration order (`items` before `index`
/// before `current` …); an observer that needs two of them at once reads `state.value`.
///
/// Runs on the main thread: decoding and filtering run on `background` and come back on
/// `main`, the two schedulers the view model is given.
package final class BrowserViewModel<Image, Thumbnail>: SharedIndex {
  /// How long the view model waits, in the scheduler's time.
  package struct Timing: Sendable {
    /// The quiet time after typing before the filter applies.
    var filterDebounce: Duration = .milliseconds(300)
    /// How long the open folder must be quiet before its changes apply (one change
    /// to the list per burst).
    var folderChangeQuiet: Duration = .milliseconds(200)
    /// The longest folder changes wait while files keep arriving (a camera import, a
    /// sync client): the list catches up at least this often, so the title's count is
    /// never a second behind the folder (with a second here it was up to 1.1 s behind,
    /// the apply itself and the drawing coming on top).
    var folderChangeMaximumWait: Duration = .milliseconds(500)
    /// How long the fullscreen toolbar and strip stay after the pointer leaves their
    /// edge, and the pointer after it stops over the image.
    var fullscreenControlsDelay: Duration = .seconds(2)
    /// The longest the current image's neighbours wait for the strip's thumbnails
    /// before they are decoded ahead anyway (a loaded machine, slow thumbnails).
    var preloadMaximumWait: Duration = .milliseconds(150)
  }

  private let storage = MutableProperty(BrowserState())

  /// The whole state; sends on every change.
  package let state: Property<BrowserState>
  /// The images shown (the folder's, filtered).
  package let items: Property<[ImageItem]>
  /// The position of the current image in `items`: the one index both collections
  /// share. `nil` when there are no images.
  package let index: Property<Int?>
  /// The current image.
  package let current: Property<ImageItem?>
  /// The window title: `NAME (I of N) — Image Browser`.
  package let title: Property<String>
  /// What a screen reader announces for the window and the viewer: `NAME, I of N`.
  package let accessibleTitle: Property<String>
  /// The header bar's title: the name (shortened if need be) and the position, kept apart
  /// so the position always shows.
  package let heading: Property<BrowserHeading>
  /// What the viewer shows instead of an image (empty folder, error), or `nil`.
  package let placeholder: Property<String?>
  /// How the viewer draws the current image.
  package let zoom: Property<Zoom>
  /// Whether the slideshow runs.
  package let isSlideshowRunning: Property<Bool>
  /// The images that failed to decode, with their messages (error tiles in the strip).
  package let failures: Property<[URL: String]>
  /// The order the folder is shown in; change it with `sort(by:)`.
  package let sortOrder: Property<ImageSortOrder>
  /// Whether a folder is being read (its images are not all shown yet).
  package let isListing: Property<Bool>
  /// Whether the folder is being sorted again in the background after the order
  /// changed (sorting by date taken reads every file's metadata: seconds for thousands).
  package let isSorting: Property<Bool>
  /// The turns and mirrors shown but not saved, per file (see `BrowserState.edits`).
  package let edits: Property<[URL: Orientation]>
  /// The current image's edit not saved yet, if any.
  package let currentEdit: Property<Orientation?>
  /// The decoding state of the current image, for the viewer, with its edit applied.
  package let currentImage: Property<ImageState<Image>>
  /// The current image's strip thumbnail while the image decodes, if it is in memory:
  /// what the viewer shows until the sharp image comes (see `bindStandIn()`).
  package let standIn: Property<StandIn<Thumbnail>?>
  /// The search entry's text; the filter follows it, debounced (see `Timing`), and
  /// clearing it shows every image at once.
  package let filterText = MutableProperty("")
  /// What the viewer paints behind transparent images: the checkerboard by default.
  /// The preferences' choice, remembered; the viewer repaints when it changes.
  package var viewerBackground: MutableProperty<ViewerBackground> {
    preferences.viewerBackground
  }

  /// Every change of `index` after subscription, never the same value twice in a row:
  /// one per user action.
  var indexChanges: Signal<Int?, Never> { index.changes }

  /// Shows the next image; enabled unless the current image is the last.
  package private(set) lazy var next = pagingCommand(enabledIf: canGoForward) { state in
    state.index.map { $0 + 1 }
  }
  /// Shows the previous image; enabled unless the current image is the first.
  package private(set) lazy var previous = pagingCommand(enabledIf: canGoBack) { state in
    state.index.map { $0 - 1 }
  }
  /// Shows the first image; enabled unless it is current.
  package private(set) lazy var first = pagingCommand(enabledIf: canGoBack) { _ in 0 }
  /// Shows the last image; enabled unless it is current.
  package private(set) lazy var last = pagingCommand(enabledIf: canGoForward) { state in
    state.items.count - 1
  }

  package let scanner: any FolderScanning
  package let images: any ImageLoading<Image>
  package let thumbnails: any ThumbnailLoading<Thumbnail>
  /// Where the sort order is remembered between launches.
  package let settings: any SettingsStore
  /// The view choices (sidebar, strip, background, slideshow interval), remembered in
  /// `settings`.
  package let preferences: ViewPreferences
  /// The camera metadata read so far, per file version; sorting by date taken and the
  /// properties sidebar share it.
  package let metadata: MetadataCache
  /// Where the current image's metadata is read: its own queue, so that it never waits
  /// behind a sort reading a whole folder's.
  let metadataScheduler: Scheduler
  let mainScheduler: Scheduler
  let backgroundScheduler: Scheduler
  /// Where full images are decoded (one at a time: the newest request wins).
  let imageScheduler: Scheduler
  /// Where an edit (a turn or a mirror) is applied to the decoded current image: not
  /// behind a neighbour's decode, so that the edit shows at once.
  let editingScheduler: Scheduler
  /// Where thumbnails are decoded (a pool, nearest the strip's centre first).
  let thumbnailScheduling: any PositionedScheduling
  let timing: Timing
  /// Reports changes to the open folder.
  package let watcher: any FolderWatching
  /// Trashes, restores, deletes and renames files, when the user asks.
  package let files: any FileOperating
  /// Writes turns and mirrors into files, when the user saves.
  package let orientations: any OrientationSaving
  /// What the window says about the last file action (a failure, or "moved to the
  /// trash" with Undo); `nil` when there is nothing to say.
  package let notice = MutableProperty<Notice?>(nil)
  /// A selection waiting for a file to be listed (after Undo or a rename); a newer one
  /// replaces it.
  let pendingSelection = SerialDisposable()
  /// The current image's full size and the viewer's size, which only the view knows:
  /// zooming in and out steps from the scale fitting draws at, and zooming about a point
  /// and panning need both sizes. `nil` before the viewer shows an image.
  package let geometry = MutableProperty<ViewerGeometry?>(nil)
  /// Whether the window is fullscreen.
  package let isFullscreen = MutableProperty(false)
  /// `isFullscreen` and the window's own state, both ways: the changes to ask the
  /// window for, and the window's reports (a window manager leaving fullscreen).
  package private(set) lazy var windowFullscreen = WindowFullscreen(isFullscreen: isFullscreen)
  /// What shows over the image in fullscreen besides it (the toolbar, the strip, the
  /// pointer), by where the pointer is.
  package private(set) lazy var fullscreenControls = FullscreenControls(
    isFullscreen: Property(isFullscreen), isHeld: Property(openMenus).map { $0 > 0 },
    scheduler: mainScheduler, hideDelay: timing.fullscreenControlsDelay)
  /// How many menus and popovers are open (`menuOpened()`): the slideshow pauses and
  /// the fullscreen controls stay meanwhile.
  let openMenus = MutableProperty(0)
  /// Whether the image information shows over the viewer.
  package let showsInfo = MutableProperty(false)
  /// The user's actions as commands, for the action table, buttons and menus.
  package private(set) lazy var commands = BrowserCommands(viewModel: self)

  /// The viewer's size in device pixels, which the current image is decoded to fit;
  /// `nil` until the viewer is laid out (full resolution then).
  package let viewport = MutableProperty<PixelSize?>(nil)
  /// The current image and its neighbours, decoded.
  package let decoded = DecodedImages<Image>()

  private let canGoForward: Property<Bool>
  private let canGoBack: Property<Bool>
  /// Where `currentImage` gets its value.
  let imageStorage = MutableProperty(ImageState<Image>.none)
  /// Where `standIn` gets its value.
  let standInStorage = MutableProperty<StandIn<Thumbnail>?>(nil)
  /// The thumbnails decoded last, for `standIn`.
  let recentThumbnails = RecentThumbnails<Thumbnail>()
  /// Whose embedded preview is being read for `standIn`, if any.
  var previewItem: ImageItem?
  /// That read; a new one replaces (stops) it.
  let previewReading = SerialDisposable()
  /// How many strip thumbnails are asked for and not yet delivered, failed or dropped
  /// (main thread): neighbours are decoded ahead only once it is 0 (`preloadGate`).
  let pendingThumbnails = MutableProperty(0)
  /// The folder scan in flight; a newer `open` replaces (cancels) it.
  package let opening = SerialDisposable()
  /// The re-sort in flight after the order changed; a newer one replaces it.
  let sorting = SerialDisposable()
  /// Where `isSorting` gets its value.
  let sortingStorage = MutableProperty(false)
  /// The sort of a batch of folder changes in flight; a newer batch replaces it.
  let watchSorting = SerialDisposable()
  /// The changes that sort is for: a newer batch is applied together with them.
  var pendingFolderChanges: [FolderChange] = []
  /// The slideshow's timer while it runs.
  let slideshowTimer = SerialDisposable()
  /// The running slideshow's order and what it entered.
  let slideshowSession: SlideshowSession
  /// The view model's own subscriptions, ended when it is deinitialized.
  package let bag = DisposeBag()

  /// A view model with nothing open.
  ///
  /// - Parameters:
  ///   - scanner: lists folders (`FolderScanner` in the app).
  ///   - images: decodes the current image.
  ///   - thumbnails: decodes thumbnails for the strip.
  ///   - settings: where the sort order is read from and saved to (`SettingsFile` in
  ///     the app; by default memory only, so nothing is written).
  ///   - main: the thread the views live on (GTK's main loop in the app).
  ///   - background: where scanning and filtering run (and decoding, unless given
  ///     its own schedulers).
  ///   - imageDecoding: where full images are decoded; `background` by default.
  ///   - thumbnailDecoding: where thumbnails are decoded; `background` by default.
  ///   - editing: where the current image is turned or mirrored to show an edit;
  ///     `imageDecoding` by default.
  ///   - watcher: reports changes to the open folder (`FolderMonitor` in the app).
  ///   - metadata: reads camera metadata (`Exiv2MetadataReader` in the app; none by
  ///     default).
  ///   - metadataReading: where the current image's metadata is read; `background` by
  ///     default (a sort by date taken reads on `background`).
  ///   - files: file operations the user asks for (`GioFileOperations` in the app; by
  ///     default none, so nothing on disk can change).
  ///   - orientations: writes turns and mirrors when the user saves (`OrientationWriter`
  ///     in the app; by default none, so nothing on disk can change).
  ///   - timing: debounce, folder-change and fullscreen durations.
  ///   - random: where shuffled slideshows get their order (the system's generator;
  ///     a seeded one in tests).
  package init(
    scanner: any FolderScanning = FolderScanner(),
    images: any ImageLoading<Image>,
    thumbnails: any ThumbnailLoading<Thumbnail>,
    settings: any SettingsStore = InMemorySettings(),
    main: Scheduler,
    background: Scheduler,
    imageDecoding: Scheduler? = nil,
    thumbnailDecoding: (any PositionedScheduling)? = nil,
    editing: Scheduler? = nil,
    watcher: any FolderWatching = NoFolderWatching(),
    metadata: any MetadataReading = NoMetadataReading(),
    metadataReading: Scheduler? = nil,
    files: any FileOperating = NoFileOperations(),
    orientations: any OrientationSaving = NoOrientationSaving(),
    timing: Timing = Timing(),
    random: any RandomNumberGenerator = SystemRandomNumberGenerator()
  ) {
    self.scanner = scanner
    self.images = images
    self.thumbnails = thumbnails
    self.settings = settings
    storage.value.sortOrder = settings.load().sortOrder
    preferences = ViewPreferences(settings: settings)
    self.metadata = MetadataCache(reader: metadata)
    metadataScheduler = metadataReading ?? background
    mainScheduler = main
    backgroundScheduler = background
    imageScheduler = imageDecoding ?? background
    editingScheduler = editing ?? imageScheduler
    thumbnailScheduling = thumbnailDecoding ?? UnorderedDecoding(background)
    self.timing = timing
    slideshowSession = SlideshowSession(random: random)
    self.watcher = watcher
    self.files = files
    self.orientations = orientations
    // Declaration order is delivery order: items before index before current.
    state = Property(storage)
    items = Self.derive(storage) { $0.items }
    index = Self.derive(storage) { $0.index }
    current = Self.derive(storage) { $0.current }
    title = Self.derive(storage) { $0.title }
    accessibleTitle = Self.derive(storage) { $0.accessibleTitle }
    heading = Self.derive(storage) {
      $0.heading
    }
    placeholder = Self.derive(storage) { $0.placeholder }
    zoom = Self.derive(storage) { $0.zoom }
    isSlideshowRunning = Self.derive(storage) { $0.isSlideshowRunning }
    failures = Self.derive(storage) { $0.failures }
    sortOrder = Self.derive(storage) { $0.sortOrder }
    isListing = Self.derive(storage) { $0.isListing }
    edits = Self.derive(storage) { $0.edits }
    currentEdit = Self.derive(storage) { state in state.current.flatMap { state.edits[$0.id] } }
    canGoForward = Self.derive(storage) { state in
      state.index.map { $0 < state.items.count - 1 } ?? false
    }
    canGoBack = Self.derive(storage) { state in state.index.map { $0 > 0 } ?? false }
    currentImage = Property(imageStorage)
    standIn = Property(standInStorage)
    isSorting = Property(sortingStorage)
    // A scan or a slideshow still running when the view model goes away stops with it.
    bag.insert(opening)
    bag.insert(sorting)
    bag.insert(watchSorting)
    bag.insert(slideshowTimer)
    bag.insert(pendingSelection)
    bindFilter()
    bindCurrentImage()
    bindStandIn()
    bindFolderWatching()
    bindSlideshow()
  }

  /// A property that follows one part of the state and sends only when it changes.
  private static func derive<Part: Equatable>(
    _ storage: MutableProperty<BrowserState>, _ part: @escaping (BrowserState) -> Part
  ) -> Property<Part> {
    Property(initial: part(storage.value), then: storage.signal.map(part).distinctUntilChanged())
  }

  /// Changes the state as one step; observers see the result once, and only if it
  /// differs. The only place the state changes.
  ///
  /// Keeps the invariants every change must respect: a new current image starts at
  /// `.fit`; a slideshow stops when there is nothing left to show, and its timer stops
  /// with it.
  func update(_ body: (inout BrowserState) -> Void) {
    let before = storage.value
    var after = before
    body(&after)
    if after.current?.id != before.current?.id {
      after.zoom = .fit
      after.pan = .zero
      after.pinch = nil
    }
    if after.items.count < 2 { after.isSlideshowRunning = false }
    if !after.isSlideshowRunning { slideshowTimer.inner = nil }
    guard after != before else { return }
    storage.value = after
  }

  @discardableResult
  package func select(index newIndex: Int) -> Bool {
    let state = storage.value
    guard state.items.indices.contains(newIndex), state.index != newIndex else { return false }
    update { $0.index = newIndex }
    return true
  }

  /// Makes `item` current, if it is shown; returns whether the index changed.
  @discardableResult
  package func select(_ item: ImageItem) -> Bool {
    guard let position = storage.value.items.firstIndex(where: { $0.id == item.id }) else {
      return false
    }
    return select(index: position)
  }

  /// A command that moves the index to `target(state)`; executing it changes the index
  /// once, synchronously.
  private func pagingCommand(
    enabledIf isEnabled: Property<Bool>, target: @escaping (BrowserState) -> Int?
  ) -> Command<Void, Void, Never> {
    Command(enabledIf: isEnabled) { [weak self] _ in
      if let self, let position = target(storage.value) { select(index: position) }
      return .empty()
    }
  }
}
