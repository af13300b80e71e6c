// The image browser's view model: the images, the one index the viewer and strip share.
import Foundation
import Reactive

/// How long the browser waits, in the scheduler's time.
package struct BrowserTiming: Sendable {
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

/// The state and actions of the image browser, free of GTK: the one facade the views
/// bind themselves to, and tests drive on a `TestScheduler`.
///
/// It holds no state of its own, and the views see nothing behind it (the store and
/// the features are internal to this module). The state the views observe lives in one
/// `BrowserStore` (changed only by its `update(_:)`); the work is done by feature
/// objects, each owning its subscriptions and the few values only it writes, and
/// writing the shared state only through the store:
///
/// | Feature | Does | Owns |
/// | --- | --- | --- |
/// | `FolderSession` | open, watch, sort, filter | the search text, scans and sorts in flight |
/// | `ImagePipeline` | decode the current image, its neighbours, thumbnails; stand-ins | `currentImage`, `standIn`, `viewport` |
/// | `ViewerControl` | zoom, pan, pinch | the viewer's `geometry` |
/// | `Slideshow` | paging on a timer | its timer and order |
/// | `FileActions` | trash, delete, rename, turn and save | `notice` |
/// | `WindowMode` | fullscreen, the controls over it, open menus | `isFullscreen`, `showsInfo` |
/// | `Browsing` | the grid: subfolders, focus, selection, opening folders | `isBrowsing` |
///
/// The viewer pages by executing `next`/`previous` (or `select(index:)`); the strip
/// observes `index` to select and centre a cell and calls `select(index:)` when the user
/// picks one. Selecting the current index again is a no-op, so an echo cannot loop.
///
/// Runs on the main thread: decoding and filtering run on `background` and come back on
/// `main`, the two schedulers the view model is given.
package final class BrowserViewModel<Image, Thumbnail>: SharedIndex {
  /// How long the view model waits, in the scheduler's time.
  package typealias Timing = BrowserTiming

  /// The one state and the only way to change it.
  let store: BrowserStore
  /// What is open and how it is ordered and filtered.
  let folder: FolderSession
  /// The current image, its neighbours and the strip's thumbnails, decoded.
  let pipeline: ImagePipeline<Image, Thumbnail>
  /// The viewer's zoom, pan and pinch.
  let viewer: ViewerControl
  /// Fullscreen, the controls over it, the information panel.
  let window: WindowMode
  /// The slideshow.
  let slideshow: Slideshow
  /// Trash, delete, rename, turns and Save.
  let fileActions: FileActions
  /// Browse mode: the grid of subfolders and thumbnails, its focus and selection.
  let browsing: Browsing
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
  /// Crop mode, and crops and resizes taken as edit steps.
  package private(set) lazy var cropping = Cropping(store: store, notice: fileActions.notice)
  /// The browse grid's rubber-band selection.
  package private(set) lazy var rubberBand = RubberBand(store: store, scheduler: mainScheduler)
  /// The user's actions as commands, for the action table, buttons and menus.
  package private(set) lazy var commands = BrowserCommands(viewModel: self)

  /// Shows the next image; enabled unless the current image is the last.
  package private(set) lazy var next = pagingCommand(enabledIf: store.canGoForward) { state in
    state.index.map { $0 + 1 }
  }
  /// Shows the previous image; enabled unless the current image is the first.
  package private(set) lazy var previous = pagingCommand(enabledIf: store.canGoBack) { state in
    state.index.map { $0 - 1 }
  }
  /// Shows the first image; enabled unless it is current.
  package private(set) lazy var first = pagingCommand(enabledIf: store.canGoBack) { _ in 0 }
  /// Shows the last image; enabled unless it is current.
  package private(set) lazy var last = pagingCommand(enabledIf: store.canGoForward) { state in
    state.items.count - 1
  }

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
    var initial = BrowserState()
    let saved = settings.load()
    initial.sortOrder = saved.sortOrder
    initial.sortDescending = saved.sortDescending
    let store = BrowserStore(initial)
    self.store = store
    preferences = ViewPreferences(settings: settings)
    let cache = MetadataCache(reader: metadata)
    self.metadata = cache
    metadataScheduler = metadataReading ?? background
    mainScheduler = main
    backgroundScheduler = background
    let imageScheduler = imageDecoding ?? background
    pipeline = ImagePipeline(
      store: store, images: images, thumbnails: thumbnails, main: main,
      imageScheduler: imageScheduler, editingScheduler: editing ?? imageScheduler,
      thumbnailScheduling: thumbnailDecoding ?? UnorderedDecoding(background),
      preloadMaximumWait: timing.preloadMaximumWait)
    folder = FolderSession(
      store: store, scanner: scanner, watcher: watcher, settings: settings, metadata: cache,
      main: main, background: background, timing: timing,
      announcements: pipeline.firstImage)
    viewer = ViewerControl(store: store)
    window = WindowMode(scheduler: main, hideDelay: timing.fullscreenControlsDelay)
    slideshow = Slideshow(
      store: store, preferences: preferences, window: window, main: main, random: random)
    fileActions = FileActions(
      store: store, folder: folder, files: files, orientations: orientations, main: main,
      background: background)
    browsing = Browsing(
      store: store, folder: folder, window: window, notice: fileActions.notice, main: main,
      background: background)
  }

  /// A command that moves the index to `target(state)`; executing it changes the index
  /// once, synchronously.
  private func pagingCommand(
    enabledIf isEnabled: Property<Bool>, target: @escaping (BrowserState) -> Int?
  ) -> Command<Void, Void, Never> {
    Command(enabledIf: isEnabled) { [weak self] _ in
      if let self, let position = target(store.state.value) { store.select(index: position) }
      return .empty()
    }
  }
}
