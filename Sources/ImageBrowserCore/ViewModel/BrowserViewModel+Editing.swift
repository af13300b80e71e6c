// The facade's crops, resizes and Save As: what the crop bar, the resize dialog and the
// Save As chooser call.
import Foundation
import Reactive

extension BrowserViewModel {
  /// Every edit shown but not saved, per file (turns, mirrors, crops, resizes).
  package var imageEdits: Property<[URL: ImageEdit]> { store.imageEdits }
  /// The current image's whole edit not saved, if any.
  package var currentImageEdit: Property<ImageEdit?> { store.currentImageEdit }
  /// Whether `edit` of `item` (crops and resizes too) is one Save can write.
  package func canSave(_ item: ImageItem?, imageEdit edit: ImageEdit?) -> Bool {
    fileActions.canSave(item, imageEdit: edit)
  }
  /// Writes the current image as it shows into `destination` (Save As); an existing file
  /// is replaced only when `replacing`.
  package func saveCurrent(as destination: URL, replacing: Bool) -> Signal<Void, Never> {
    fileActions.saveCurrent(as: destination, replacing: replacing)
  }
}

extension BrowserViewModel where Image: PixelSized {
  /// The current image's size as it shows (its edits applied), once it is decoded.
  package var shownSize: PixelSize? {
    guard case .loaded(let item, let image) = currentImage.value, item == current.value else {
      return nil
    }
    return image.fullSize
  }

  /// Starts crop mode on the current image, once it is decoded.
  package func beginCrop() {
    if let shownSize { cropping.begin(shownSize: shownSize) }
  }

  /// Scales the current image to `size` (a step, shown at once, not saved).
  package func resizeCurrent(to size: PixelSize) {
    if let shownSize { cropping.resize(to: size, shownSize: shownSize) }
  }
}
