// The browser's one state, the one way to change it, and the properties derived from it.
import Foundation
import Reactive

/// The image browser's single source of truth: one `BrowserState`, changed only by
/// `update(_:)`, and every property the views observe about it derived from it. The
/// feature objects (the folder session, the image pipeline, the slideshow, the file
/// actions, the viewer's zoom and pan) read it and write it only here, so one user
/// action produces one consistent change: paging sets `index` once, and each derived
/// property sends only when its own value changes.
///
/// Derived properties are delivered in declaration order (`items` before `index`
/// before `current` …); an observer that needs two of them at once reads `state.value`.
/// Runs on the main thread.
package final class BrowserStore {
  private let storage: MutableProperty<BrowserState>

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
  /// The header bar's title: the name (shortened if need be) and the position.
  package let heading: Property<BrowserHeading>
  /// What the viewer shows instead of an image (empty folder, error), or `nil`.
  package let placeholder: Property<String?>
  /// How the viewer draws the current image.
  package let zoom: Property<Zoom>
  /// Whether the slideshow runs.
  package let isSlideshowRunning: Property<Bool>
  /// The images that failed to decode, with their messages (error tiles in the strip).
  package let failures: Property<[URL: String]>
  /// The order the folder is shown in.
  package let sortOrder: Property<ImageSortOrder>
  /// Whether that order runs backwards.
  package let sortDescending: Property<Bool>
  /// Whether a folder is being read (its images are not all shown yet).
  package let isListing: Property<Bool>
  /// Whether the folder is being sorted again in the background.
  package let isSorting: Property<Bool>
  /// The turns and mirrors shown but not saved, per file.
  package let edits: Property<[URL: Orientation]>
  /// Every edit shown but not saved (turns, mirrors, crops, resizes), per file.
  package let imageEdits: Property<[URL: ImageEdit]>
  /// The current image's edit not saved yet, if any.
  package let currentEdit: Property<Orientation?>
  /// The current image's whole edit not saved yet (crops and resizes too), if any.
  package let currentImageEdit: Property<ImageEdit?>
  /// Whether the current image has an edit step to undo.
  package let canUndoEdit: Property<Bool>
  /// Whether the current image has an undone edit step to redo.
  package let canRedoEdit: Property<Bool>
  /// Whether there is an image after the current one.
  let canGoForward: Property<Bool>
  /// Whether there is an image before the current one.
  let canGoBack: Property<Bool>

  /// A store holding `initial`.
  init(_ initial: BrowserState = BrowserState()) {
    storage = MutableProperty(initial)
    // Declaration order is delivery order: items before index before current.
    state = Property(storage)
    items = Self.derive(storage) { $0.items }
    index = Self.derive(storage) { $0.index }
    current = Self.derive(storage) { $0.current }
    title = Self.derive(storage) { $0.title }
    accessibleTitle = Self.derive(storage) { $0.accessibleTitle }
    heading = Self.derive(storage) { $0.heading }
    placeholder = Self.derive(storage) { $0.placeholder }
    zoom = Self.derive(storage) { $0.zoom }
    isSlideshowRunning = Self.derive(storage) { $0.isSlideshowRunning }
    failures = Self.derive(storage) { $0.failures }
    sortOrder = Self.derive(storage) { $0.sortOrder }
    sortDescending = Self.derive(storage) { $0.sortDescending }
    isListing = Self.derive(storage) { $0.isListing }
    isSorting = Self.derive(storage) { $0.isSorting }
    edits = Self.derive(storage) { $0.edits }
    imageEdits = Self.derive(storage) { $0.imageEdits }
    currentEdit = Self.derive(storage) { $0.currentEditHistory?.orientation }
    currentImageEdit = Self.derive(storage) { $0.currentEditHistory?.edit }
    canUndoEdit = Self.derive(storage) { $0.currentEditHistory?.canUndo ?? false }
    canRedoEdit = Self.derive(storage) { $0.currentEditHistory?.canRedo ?? false }
    canGoForward = Self.derive(storage) { state in
      state.index.map { $0 < state.items.count - 1 } ?? false
    }
    canGoBack = Self.derive(storage) { state in state.index.map { $0 > 0 } ?? false }
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
  /// `.fit`, centred, with no pinch; a slideshow stops when there is nothing left to show.
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
    after.reconcileBrowsing(with: before)
    guard after != before else { return }
    storage.value = after
  }

  /// Makes the image at `newIndex` current; returns whether the index changed.
  /// Selecting the current index again is a no-op, so an echo cannot loop.
  @discardableResult
  func select(index newIndex: Int) -> Bool {
    let state = storage.value
    guard state.items.indices.contains(newIndex), state.index != newIndex else { return false }
    update { $0.index = newIndex }
    return true
  }

  /// Makes `item` current, if it is shown; returns whether the index changed.
  @discardableResult
  func select(_ item: ImageItem) -> Bool {
    guard let position = storage.value.items.firstIndex(where: { $0.id == item.id }) else {
      return false
    }
    return select(index: position)
  }
}
