// Every user action on the browser as a Command: what the action table, buttons and menus run.
import Foundation
import Reactive

/// The browser's user actions as commands, each enabled exactly when it can act. The
/// window exposes each as a GAction (keys, header bar, menus and the slideshow all
/// reach it that way), so an action is disabled everywhere at once.
///
/// Commands whose work needs the GUI (the clipboard, a chooser, printing) send the
/// current image as their value; the window observes `values` and does the rest.
package final class BrowserCommands {
  /// Shows the next image.
  package let next: Command<Void, Void, Never>
  /// Shows the previous image.
  package let previous: Command<Void, Void, Never>
  /// Shows the first image.
  package let first: Command<Void, Void, Never>
  /// Shows the last image.
  package let last: Command<Void, Void, Never>
  /// Zooms in one step.
  package let zoomIn: Command<Void, Void, Never>
  /// Zooms out one step.
  package let zoomOut: Command<Void, Void, Never>
  /// Fits the image to the viewer.
  package let zoomToFit: Command<Void, Void, Never>
  /// Shows the image at 1:1.
  package let zoomToActualSize: Command<Void, Void, Never>
  /// Fills the viewer's width with the image.
  package let zoomToFillWidth: Command<Void, Void, Never>
  /// Zooms to the scale its input names ("2" is 200 %), as a preset menu sends it.
  package let zoomTo: Command<String, Void, Never>
  /// Starts the slideshow, or stops it.
  package let toggleSlideshow: Command<Void, Void, Never>
  /// Moves the current image to the trash, or the images picked in the browse grid.
  package let trash: Command<Void, Void, Never>
  /// Deletes the current image for good (after the window's confirmation).
  package let deletePermanently: Command<Void, Void, Never>
  /// Undoes the last thing done: puts back the image the last trash moved while its
  /// notice offers Undo, otherwise undoes the current image's last edit step not saved
  /// (a turn, a mirror, a crop, a resize).
  package let undo: Command<Void, Void, Never>
  /// Redoes the current image's last undone edit step.
  package let redo: Command<Void, Void, Never>
  /// Renames the current image to its input.
  package let rename: Command<String, Void, Never>
  /// Turns the current image a quarter clockwise, for viewing until saved.
  package let rotateClockwise: Command<Void, Void, Never>
  /// Turns the current image a quarter counter-clockwise, for viewing until saved.
  package let rotateCounterclockwise: Command<Void, Void, Never>
  /// Mirrors the current image left to right, for viewing until saved.
  package let flipHorizontally: Command<Void, Void, Never>
  /// Mirrors the current image top to bottom, for viewing until saved.
  package let flipVertically: Command<Void, Void, Never>
  /// Writes the current image's turns and mirrors into its file; enabled only when it
  /// has some and its format can be written.
  package let save: Command<Void, Void, Never>
  /// Sends the current image, for the window to copy it to the clipboard as an image.
  package let copyImage: Command<Void, ImageItem, Never>
  /// Sends the current image, for the window to copy its path.
  package let copyPath: Command<Void, ImageItem, Never>
  /// Sends the current image, for the window to offer the applications that open it.
  package let openWith: Command<Void, ImageItem, Never>
  /// Sends the current image, for the window to show it in the file manager.
  package let showInFolder: Command<Void, ImageItem, Never>
  /// Sends the current image, for the window to set it as the desktop background.
  package let setAsWallpaper: Command<Void, ImageItem, Never>
  /// Sends the current image, for the window to print it.
  package let print: Command<Void, ImageItem, Never>
  /// Whether there is a current image: what most actions need.
  package let hasImage: Property<Bool>
  /// The slideshow as a switch, for a toggle action: set it to start or stop the
  /// slideshow; it follows the slideshow stopping by itself, and springs back when a
  /// start is refused (fewer than two images).
  package let slideshow: MutableProperty<Bool>

  /// The sort order by its raw value, for a radio action: set it to sort; it follows
  /// the order however it changes.
  package let sortChoice: MutableProperty<String>
  /// Whether the order runs backwards, for a toggle action: set it to reverse the order;
  /// it follows the direction however it changes.
  package let sortDescending: MutableProperty<Bool>

  private let bag = DisposeBag()

  /// The commands of `viewModel`, which they hold weakly.
  package init<Image, Thumbnail>(viewModel: BrowserViewModel<Image, Thumbnail>) {
    next = viewModel.next
    previous = viewModel.previous
    first = viewModel.first
    last = viewModel.last
    let hasImage = viewModel.current.map { $0 != nil }
    self.hasImage = hasImage
    func act(
      _ enabled: Property<Bool> = hasImage,
      _ body: @escaping (BrowserViewModel<Image, Thumbnail>) -> Void
    ) -> Command<Void, Void, Never> {
      Command(enabledIf: enabled) { [weak viewModel] _ in
        if let viewModel { body(viewModel) }
        return .empty()
      }
    }
    func work(
      _ enabled: Property<Bool> = hasImage,
      _ body: @escaping (BrowserViewModel<Image, Thumbnail>) -> Signal<Void, Never>
    ) -> Command<Void, Void, Never> {
      Command(enabledIf: enabled) { [weak viewModel] _ in viewModel.map(body) ?? .empty() }
    }
    func send() -> Command<Void, ImageItem, Never> {
      Command(enabledIf: hasImage) { [weak viewModel] _ in
        viewModel?.current.value.map { .just($0) } ?? .empty()
      }
    }
    // An image that failed to decode (an empty file, a broken one) has nothing to zoom
    // or turn.
    let editable = Property(
      initial: viewModel.currentImage.value.isEditable,
      then: viewModel.currentImage.signal.map(\.isEditable).distinctUntilChanged())
    // The browse grid shows no image to zoom.
    let isBrowsing = viewModel.isBrowsing
    let zoomable = Property(
      initial: editable.value && !isBrowsing.value,
      then: editable.signal.combineLatest(with: isBrowsing.signal).map { $0 && !$1 }
        .distinctUntilChanged())
    zoomIn = act(zoomable) { $0.zoomIn(fitScale: $0.geometry.value?.fitScale ?? 1) }
    zoomOut = act(zoomable) { $0.zoomOut(fitScale: $0.geometry.value?.fitScale ?? 1) }
    zoomToFit = act(zoomable) { $0.zoomToFit() }
    zoomToActualSize = act(zoomable) { $0.zoomToActualSize() }
    zoomToFillWidth = act(zoomable) { $0.zoom(to: .fillWidth) }
    zoomTo = Command(enabledIf: zoomable) { [weak viewModel] text in
      if let scale = Double(text), scale > 0 { viewModel?.zoom(to: .scale(Zoom.clamp(scale))) }
      return .empty()
    }
    toggleSlideshow = act(viewModel.items.map { $0.count > 1 }) { $0.toggleSlideshow() }
    trash = work { $0.trashPicked() }
    deletePermanently = work { $0.deleteCurrent() }
    let canUndoTrash = Property(viewModel.notice).map { $0?.undo != nil }
    let canUndo = Property(
      initial: canUndoTrash.value || viewModel.canUndoEdit.value,
      then: canUndoTrash.signal.combineLatest(with: viewModel.canUndoEdit.signal)
        .map { $0 || $1 }.distinctUntilChanged())
    undo = work(canUndo) { viewModel in
      if viewModel.notice.value?.undo != nil { return viewModel.undoTrash() }
      viewModel.undoEdit()
      return .empty()
    }
    redo = act(viewModel.canRedoEdit) { $0.redoEdit() }
    rename = Command(enabledIf: hasImage) { [weak viewModel] name in
      viewModel?.renameCurrent(to: name) ?? .empty()
    }
    rotateClockwise = act(editable) { $0.editCurrent(by: .clockwise) }
    rotateCounterclockwise = act(editable) { $0.editCurrent(by: .counterclockwise) }
    flipHorizontally = act(editable) { $0.editCurrent(by: .mirroredHorizontally) }
    flipVertically = act(editable) { $0.editCurrent(by: .mirroredVertically) }
    let canSave = Property(
      initial: viewModel.canSave(
        viewModel.current.value, imageEdit: viewModel.currentImageEdit.value),
      then: viewModel.current.signal.combineLatest(with: viewModel.currentImageEdit.signal)
        .map { [weak viewModel] item, edit in
          viewModel?.canSave(item, imageEdit: edit) ?? false
        }
        .distinctUntilChanged())
    save = work(canSave) { $0.saveCurrent() }
    let slideshow = MutableProperty(viewModel.isSlideshowRunning.value)
    self.slideshow = slideshow
    viewModel.isSlideshowRunning.changes
      .subscribe(next: { [weak slideshow] running in
        if let slideshow, slideshow.value != running { slideshow.value = running }
      })
      .disposed(by: bag)
    slideshow.changes
      .subscribe(next: { [weak viewModel, weak slideshow] wanted in
        guard let viewModel, let slideshow else { return }
        if wanted { viewModel.startSlideshow() } else { viewModel.stopSlideshow() }
        let running = viewModel.isSlideshowRunning.value
        if running != wanted { slideshow.value = running }
      })
      .disposed(by: bag)
    let sortChoice = MutableProperty(viewModel.sortOrder.value.rawValue)
    self.sortChoice = sortChoice
    viewModel.sortOrder.changes
      .subscribe(next: { [weak sortChoice] order in
        if let sortChoice, sortChoice.value != order.rawValue { sortChoice.value = order.rawValue }
      })
      .disposed(by: bag)
    sortChoice.changes
      .subscribe(next: { [weak viewModel] raw in
        guard let viewModel, let order = ImageSortOrder(rawValue: raw) else { return }
        viewModel.sort(by: order)
      })
      .disposed(by: bag)
    let sortDescending = MutableProperty(viewModel.sortDescending.value)
    self.sortDescending = sortDescending
    viewModel.sortDescending.changes
      .subscribe(next: { [weak sortDescending] descending in
        if let sortDescending, sortDescending.value != descending {
          sortDescending.value = descending
        }
      })
      .disposed(by: bag)
    sortDescending.changes
      .subscribe(next: { [weak viewModel] descending in viewModel?.sort(descending: descending) })
      .disposed(by: bag)
    copyImage = send()
    copyPath = send()
    openWith = send()
    showInFolder = send()
    setAsWallpaper = send()
    print = send()
  }
}
