// Crop mode and resizing: each taken as an edit step, undoable, written only by Save.
import Foundation
import Reactive

/// The crop being shaped over the viewer, and the steps crops and resizes become. Crop
/// mode starts on the current image as it shows (with its edits), ends by applying
/// (Return: a crop step, undoable like a turn) or cancelling (Escape: nothing changes),
/// and ends by itself when another image becomes current or the image's edit changes.
package final class Cropping {
  /// The crop being shaped, `nil` outside crop mode.
  package let selection = MutableProperty<CropSelection?>(nil)
  private let store: BrowserStore
  private let notice: MutableProperty<Notice?>
  private let bag = DisposeBag()

  /// Crops and resizes the current image of `store`, saying what it refuses in `notice`.
  init(store: BrowserStore, notice: MutableProperty<Notice?>) {
    self.store = store
    self.notice = notice
    // A new image (paging, a sort, the file gone) leaves crop mode: the rectangle was
    // about the other picture.
    store.current.changes
      .subscribe(next: { [weak self] _ in self?.selection.value = nil })
      .disposed(by: bag)
    // So does a turn, an undo or a redo taken meanwhile: the picture under the rectangle
    // changed shape.
    store.currentImageEdit.changes
      .subscribe(next: { [weak self] _ in self?.selection.value = nil })
      .disposed(by: bag)
  }

  /// Whether crop mode is on.
  package var isCropping: Bool { selection.value != nil }

  /// Starts crop mode on the current image, `shownSize` pixels as it shows, with the whole
  /// image selected; nothing without a current image or with an empty size.
  package func begin(shownSize: PixelSize) {
    guard store.current.value != nil, shownSize.width > 0, shownSize.height > 0 else { return }
    selection.value = CropSelection(imageSize: shownSize)
  }

  /// Holds the crop to `aspect`.
  package func setAspect(_ aspect: CropAspect) {
    selection.value?.setAspect(aspect)
  }

  /// The crop after `handle` of `start` was dragged by (`dx`, `dy`) image pixels.
  package func drag(_ handle: CropHandle, of start: PixelRect, dx: Double, dy: Double) {
    selection.value?.drag(handle, of: start, dx: dx, dy: dy)
  }

  /// Puts the crop at `rect`, cut to the image; a rectangle wholly outside the image is
  /// refused with a notice and changes nothing.
  package func setRect(_ rect: PixelRect) {
    guard selection.value != nil else { return }
    if selection.value?.setRect(rect) == false {
      notice.value = Notice(
        message: tr("The crop %s lies outside the image.", rect.description), isFailure: true)
    }
  }

  /// Ends crop mode, taking the crop as a step of the current image (shown at once, not
  /// saved); a crop of the whole image takes nothing.
  package func apply() {
    guard let crop = selection.value, let item = store.current.value else { return }
    selection.value = nil
    guard !crop.keepsEverything else { return }
    store.update { state in
      state.changeEdits(of: item.id) { $0.take(.crop(crop.rect), shownSize: crop.imageSize) }
    }
  }

  /// Ends crop mode without cropping.
  package func cancel() {
    selection.value = nil
  }

  /// Scales the current image, `shownSize` pixels as it shows, to `size`: a step shown at
  /// once, not saved. A size of no pixels or over the limit is refused with a notice.
  package func resize(to size: PixelSize, shownSize: PixelSize) {
    guard let item = store.current.value, size != shownSize else { return }
    let checked = ResizeInput(original: shownSize).size(
      width: Double(size.width), height: Double(size.height), unit: .pixels)
    switch checked {
    case .success(let size):
      store.update { state in
        state.changeEdits(of: item.id) { $0.take(.resize(size), shownSize: shownSize) }
      }
    case .failure(let error):
      notice.value = Notice(message: error.message, isFailure: true)
    }
  }
}
