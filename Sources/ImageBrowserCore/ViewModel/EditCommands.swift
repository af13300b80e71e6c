// Crop, resize and Save As as commands: what the action table, menus and crop bar run.
import Foundation
import Reactive

/// The commands of crop mode, resizing and Save As, each enabled exactly when it can act.
/// Those whose work needs the GUI (the resize dialog, the Save As chooser) send what it
/// needs; the window observes `values` and does the rest.
package final class EditCommands {
  /// Starts crop mode on the current image (decoded, not failed).
  package let crop: Command<Void, Void, Never>
  /// Takes the crop being shaped as an edit step and leaves crop mode (Return).
  package let applyCrop: Command<Void, Void, Never>
  /// Leaves crop mode without cropping (Escape).
  package let cancelCrop: Command<Void, Void, Never>
  /// Sends the current image's size as it shows, for the window's resize dialog.
  package let resize: Command<Void, PixelSize, Never>
  /// Sends the current image, for the window's Save As chooser.
  package let saveAs: Command<Void, ImageItem, Never>
  /// Whether crop mode is on.
  package let isCropping: Property<Bool>

  /// The commands of `viewModel`, which they hold weakly.
  package init<Image: PixelSized, Thumbnail>(viewModel: BrowserViewModel<Image, Thumbnail>) {
    let cropping = viewModel.cropping
    let cropSignal = cropping.selection.signal.map { $0 != nil }.distinctUntilChanged()
    let isCropping = Property(initial: cropping.selection.value != nil, then: cropSignal)
    self.isCropping = isCropping
    // Built from the sources, not from other derived properties: each of these holds
    // its own subscription.
    let canCrop = Property(
      initial: Self.isLoaded(viewModel.currentImage.value) && cropping.selection.value == nil,
      then: viewModel.currentImage.signal.map(Self.isLoaded).distinctUntilChanged()
        .combineLatest(with: cropSignal)
        .map { $0 && !$1 }
        .distinctUntilChanged())
    crop = Command(enabledIf: canCrop) { [weak viewModel] _ in
      viewModel?.beginCrop()
      return .empty()
    }
    applyCrop = Command(enabledIf: isCropping) { [weak cropping] _ in
      cropping?.apply()
      return .empty()
    }
    cancelCrop = Command(enabledIf: isCropping) { [weak cropping] _ in
      cropping?.cancel()
      return .empty()
    }
    resize = Command(enabledIf: canCrop) { [weak viewModel] _ in
      viewModel?.shownSize.map { .just($0) } ?? .empty()
    }
    let hasImage = viewModel.current.map { $0 != nil }
    saveAs = Command(enabledIf: hasImage) { [weak viewModel] _ in
      viewModel?.current.value.map { .just($0) } ?? .empty()
    }
  }

  /// Whether `state` is a decoded image (one that can be cut or scaled).
  private static func isLoaded<Image>(_ state: ImageState<Image>) -> Bool {
    if case .loaded = state { return true }
    return false
  }
}
