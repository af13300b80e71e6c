// What the views see of the features: one surface, each member handed to its owner.
import Foundation
import Reactive

// The state, read through the store.
extension BrowserViewModel {
  /// The whole state; sends on every change.
  package var state: Property<BrowserState> { store.state }
  /// The images shown (the folder's, filtered).
  package var items: Property<[ImageItem]> { store.items }
  /// The position of the current image in `items`: the one index both collections
  /// share. `nil` when there are no images.
  package var index: Property<Int?> { store.index }
  /// The current image.
  package var current: Property<ImageItem?> { store.current }
  /// The window title: `NAME (I of N) — Image Browser`.
  package var title: Property<String> { store.title }
  /// What a screen reader announces for the window and the viewer: `NAME, I of N`.
  package var accessibleTitle: Property<String> { store.accessibleTitle }
  /// The header bar's title: the name (shortened if need be) and the position, kept apart
  /// so the position always shows.
  package var heading: Property<BrowserHeading> { store.heading }
  /// What the viewer shows instead of an image (empty folder, error), or `nil`.
  package var placeholder: Property<String?> { store.placeholder }
  /// How the viewer draws the current image.
  package var zoom: Property<Zoom> { store.zoom }
  /// Whether the slideshow runs.
  package var isSlideshowRunning: Property<Bool> { store.isSlideshowRunning }
  /// The images that failed to decode, with their messages (error tiles in the strip).
  package var failures: Property<[URL: String]> { store.failures }
  /// The order the folder is shown in; change it with `sort(by:)`.
  package var sortOrder: Property<ImageSortOrder> { store.sortOrder }
  /// Whether a folder is being read (its images are not all shown yet).
  package var isListing: Property<Bool> { store.isListing }
  /// Whether the folder is being sorted again in the background after the order
  /// changed (sorting by date taken reads every file's metadata: seconds for thousands).
  package var isSorting: Property<Bool> { store.isSorting }
  /// Whether the order runs backwards; change it with `sort(descending:)`.
  package var sortDescending: Property<Bool> { store.sortDescending }
  /// The turns and mirrors shown but not saved, per file (see `BrowserState.edits`).
  package var edits: Property<[URL: Orientation]> { store.edits }
  /// The current image's edit not saved yet, if any.
  package var currentEdit: Property<Orientation?> { store.currentEdit }
  /// Every change of `index` after subscription, never the same value twice in a row:
  /// one per user action.
  var indexChanges: Signal<Int?, Never> { store.index.changes }

  /// Makes the image at `newIndex` current; returns whether the index changed.
  @discardableResult
  package func select(index newIndex: Int) -> Bool { store.select(index: newIndex) }

  /// Makes `item` current, if it is shown; returns whether the index changed.
  @discardableResult
  package func select(_ item: ImageItem) -> Bool { store.select(item) }
}

// The folder session.
extension BrowserViewModel {
  /// The search entry's text; the filter follows it, debounced (see `Timing`), and
  /// clearing it shows every image at once.
  package var filterText: MutableProperty<String> { folder.filterText }
  /// Where the sort order is remembered between launches.
  package var settings: any SettingsStore { folder.settings }

  /// Opens a folder, a file (its folder, with it selected) or several files; see
  /// `FolderSession.open(_:)`.
  package func open(_ urls: [URL]) {
    folder.open(urls)
    // A file that cannot be shown opens its folder; the notice says why the file is not
    // on screen (a failure notice stays until the person moves on).
    if let file = store.state.value.openedUnshownFile {
      notice.value = Notice(message: FolderSession.unshownMessage(for: file), isFailure: true)
    }
  }
  /// Shows a listing at once; see `FolderSession.show(_:isListing:)`.
  package func show(_ listing: Listing, isListing: Bool = false) {
    folder.show(listing, isListing: isListing)
  }
  /// Shows why opening failed, in place of the images.
  func showFailure(_ error: BrowseError) { folder.showFailure(error) }
  /// Takes a new list of the open folder's images, the current image kept current.
  func replaceAllItems(_ newItems: [ImageItem]) { folder.replaceAllItems(newItems) }
  /// Scans the open folder again in the background.
  func rescan() { folder.rescan() }
  /// Shows the open folder in `order` and remembers it for the next launch.
  package func sort(by order: ImageSortOrder) { folder.sort(by: order) }
  /// Shows the open folder in the current order, backwards when `descending`, and
  /// remembers the direction for the next launch.
  package func sort(descending: Bool) { folder.sort(descending: descending) }
}

// The image pipeline.
extension BrowserViewModel {
  /// The decoding state of the current image, for the viewer, with its edit applied.
  package var currentImage: Property<ImageState<Image>> { pipeline.currentImage }
  /// The current image's strip thumbnail while the image decodes, if it is in memory.
  package var standIn: Property<StandIn<Thumbnail>?> { pipeline.standIn }
  /// The viewer's size in device pixels, which the current image is decoded to fit.
  package var viewport: MutableProperty<PixelSize?> { pipeline.viewport }
  /// The current image and its neighbours, decoded.
  package var decoded: DecodedImages<Image> { pipeline.decoded }
  /// How many strip thumbnails are asked for and not yet delivered.
  var pendingThumbnails: MutableProperty<Int> { pipeline.pendingThumbnails }
  /// Tells the view model the size, in device pixels, the window's first layout will give
  /// the viewer, before that layout (while the window is being built): the image an
  /// opening starts on is then decoded for it at once, not after the window is shown.
  /// A size that turns out wrong costs only that decode: the image is then decoded for
  /// the viewer's real size, as without it.
  package func expectViewport(_ size: PixelSize) {
    pipeline.expectViewport(size)
  }

  /// A thumbnail of `item` for the strip cell at `position`; see
  /// `ImagePipeline.thumbnail(for:size:position:)`.
  package func thumbnail(for item: ImageItem, size: Int, position: Int) -> Signal<
    Thumbnail, ImageLoadError
  > {
    pipeline.thumbnail(for: item, size: size, position: position)
  }
  /// Ranks queued thumbnail work by distance from `position` (the strip's centre).
  package func focusThumbnails(on position: Int) { pipeline.focusThumbnails(on: position) }
  /// Remembers that `error.item` cannot be decoded, if it is still listed.
  package func recordFailure(_ error: ImageLoadError, at position: Int? = nil) {
    pipeline.recordFailure(error, at: position)
  }
}

// The viewer's zoom, pan and pinch.
extension BrowserViewModel {
  /// The current image's full size and the viewer's size, reported by the viewer.
  package var geometry: MutableProperty<ViewerGeometry?> { viewer.geometry }
  /// What the viewer paints behind transparent images (the preferences' choice).
  package var viewerBackground: MutableProperty<ViewerBackground> {
    preferences.viewerBackground
  }
  /// Whether the current image, as zoomed, is larger than the viewer.
  package var isZoomedBeyondView: Bool { viewer.isZoomedBeyondView }

  /// Zooms in one step; see `ViewerControl.zoomIn(fitScale:)`.
  package func zoomIn(fitScale: Double = 1) { viewer.zoomIn(fitScale: fitScale) }
  /// Zooms out one step; see `ViewerControl.zoomOut(fitScale:)`.
  package func zoomOut(fitScale: Double = 1) { viewer.zoomOut(fitScale: fitScale) }
  /// Multiplies the scale, keeping the image point under `point` where it is.
  package func zoom(
    by multiplier: Double, fitScale: Double = 1, about point: (x: Double, y: Double)? = nil
  ) {
    viewer.zoom(by: multiplier, fitScale: fitScale, about: point)
  }
  /// Shows the image at `zoom`, about the centre or `point`.
  package func zoom(to zoom: Zoom, about point: (x: Double, y: Double)? = nil) {
    viewer.zoom(to: zoom, about: point)
  }
  /// Shows the image at 1:1, about the centre or `point`.
  package func zoomToActualSize(about point: (x: Double, y: Double)? = nil) {
    viewer.zoomToActualSize(about: point)
  }
  /// Fits the image to the viewer.
  package func zoomToFit() { viewer.zoomToFit() }
  /// Moves a zoomed image by (`dx`, `dy`) view pixels, within its limits.
  package func pan(by dx: Double, _ dy: Double) { viewer.pan(by: dx, dy) }
  /// A pinch began; see `ViewerControl.beginPinch(at:)`.
  package func beginPinch(at centre: (x: Double, y: Double)?) { viewer.beginPinch(at: centre) }
  /// The fingers are `scale` times as far apart; see `ViewerControl.pinch(to:at:fitScale:)`.
  package func pinch(to scale: Double, at centre: (x: Double, y: Double)?, fitScale: Double = 1) {
    viewer.pinch(to: scale, at: centre, fitScale: fitScale)
  }
  /// The fingers were lifted: the zoom and pan stay.
  package func endPinch() { viewer.endPinch() }
  /// The pinch was taken away: the zoom and pan return to where it began.
  package func cancelPinch() { viewer.cancelPinch() }
}

// The window's presentation and the slideshow.
extension BrowserViewModel {
  /// Whether the window is fullscreen.
  package var isFullscreen: MutableProperty<Bool> { window.isFullscreen }
  /// Whether the image information shows over the viewer.
  package var showsInfo: MutableProperty<Bool> { window.showsInfo }
  /// `isFullscreen` and the window's own state, both ways.
  package var windowFullscreen: WindowFullscreen { window.windowFullscreen }
  /// What shows over the image in fullscreen besides it, by where the pointer is.
  package var fullscreenControls: FullscreenControls { window.fullscreenControls }
  /// Whether the slideshow waits for an open menu.
  package var isSlideshowPaused: Bool { slideshow.isSlideshowPaused }

  /// A menu or popover opened: the slideshow pauses and the fullscreen controls stay
  /// until the returned disposable is disposed.
  package func menuOpened() -> Disposable { window.menuOpened() }
  /// Starts the slideshow, or stops it if it runs.
  package func toggleSlideshow() { slideshow.toggleSlideshow() }
  /// Starts the slideshow; see `Slideshow.startSlideshow()`.
  package func startSlideshow() { slideshow.startSlideshow() }
  /// Stops the slideshow.
  package func stopSlideshow() { slideshow.stopSlideshow() }
}

// File actions and edits.
extension BrowserViewModel {
  /// What the window says about the last file action, or `nil`.
  package var notice: MutableProperty<Notice?> { fileActions.notice }
  /// The images whose edits could be saved but are not: what closing would lose.
  package var unsavedImages: [URL] { fileActions.unsavedImages }

  /// Moves the current image to the trash; see `FileActions.trashCurrent()`.
  package func trashCurrent() -> Signal<Void, Never> { fileActions.trashCurrent() }
  /// Puts back the file the last trash moved.
  package func undoTrash() -> Signal<Void, Never> { fileActions.undoTrash() }
  /// Whether the current image has an edit step to undo.
  package var canUndoEdit: Property<Bool> { store.canUndoEdit }
  /// Whether the current image has an undone edit step to redo.
  package var canRedoEdit: Property<Bool> { store.canRedoEdit }
  /// Undoes the current image's last edit step not saved (a turn, a mirror, a crop, a resize).
  package func undoEdit() { fileActions.undoEdit() }
  /// Redoes the current image's last undone edit step.
  package func redoEdit() { fileActions.redoEdit() }
  /// Deletes the current image for good.
  package func deleteCurrent() -> Signal<Void, Never> { fileActions.deleteCurrent() }
  /// Renames the current image to `name` in its folder.
  package func renameCurrent(to name: String) -> Signal<Void, Never> {
    fileActions.renameCurrent(to: name)
  }
  /// Turns or mirrors the current image by `orientation`, shown at once, not saved.
  package func editCurrent(by orientation: Orientation) { fileActions.editCurrent(by: orientation) }
  /// Whether `edit` of `item` is one Save can write.
  package func canSave(_ item: ImageItem?, edit: Orientation?) -> Bool {
    fileActions.canSave(item, edit: edit)
  }
  /// Writes the current image's edit into its file.
  package func saveCurrent() -> Signal<Void, Never> { fileActions.saveCurrent() }
  /// Forgets every edit not saved.
  package func discardEdits() { fileActions.discardEdits() }
}
