// Turning and mirroring images: shown at once, pending per image, written only by Save.
import Foundation
import Reactive

extension FileActions {
  /// Turns or mirrors the current image by `orientation`, relative to how it shows now.
  /// The viewer shows it at once; the file is untouched until `saveCurrent()`. The edit
  /// stays with its file while the user pages, sorts, filters or opens other folders;
  /// the opposite edit undoes it (four quarter turns are none). An image whose format
  /// cannot be written is turned for viewing only, and `notice` says so.
  package func editCurrent(by orientation: Orientation) {
    guard let item = store.current.value else { return }
    store.update { state in state.changeEdits(of: item.id) { $0.take(orientation) } }
    if case .unsupported(let reason) = orientations.method(for: item.url) {
      // TRANSLATORS: after rotating an image whose format cannot be written; the reason follows.
      let message = tr("“%1$s” is turned for viewing only: %2$s", item.shownName, reason)
      if notice.value?.message != message { notice.value = Notice(message: message) }
    }
  }

  /// Whether `edit` of `item` is one Save can write: there is one, and the format of
  /// the file can be written.
  package func canSave(_ item: ImageItem?, edit: Orientation?) -> Bool {
    guard let item, edit != nil else { return false }
    return isWritable(item.url)
  }

  /// Whether `edit` of `item` (crops and resizes too) is one Save can write.
  package func canSave(_ item: ImageItem?, imageEdit edit: ImageEdit?) -> Bool {
    guard let item, edit != nil else { return false }
    return isWritable(item.url)
  }

  /// Whether the format of `url` (judged by its name) can be written.
  func isWritable(_ url: URL) -> Bool {
    if case .unsupported = orientations.method(for: url) { return false }
    return true
  }

  /// Writes the current image's edit into its file, on the background scheduler: a
  /// JPEG by its orientation tag, other formats encoded again (see `OrientationSaving`).
  /// The file is replaced whole or not at all. Done, the image shows as saved (read
  /// again from the file) and `notice` says so; a failure (a read-only folder, a full
  /// disk) says why in `notice`, keeps the edit pending and changes nothing on disk.
  /// Completes when done.
  package func saveCurrent() -> Signal<Void, Never> {
    guard let item = store.current.value, let whole = store.state.value.imageEdit(of: item.id)
    else { return .empty() }
    if whole.changesPixels { return saveCurrent(whole, of: item) }
    let edit = whole.orientation
    let orientations = self.orientations
    return save(item) { () throws(FileOperationError) in
      try orientations.save(edit, to: item.url)
    } keeping: { state in
      // An edit made while saving stays pending, relative to the file as saved.
      // Undo stops at the save: what was written is the file now.
      let remaining = edit.inverse.then(state.edit(of: item.id) ?? edit)
      state.editHistory[item.id] = remaining.isIdentity ? nil : ImageEdits(steps: [remaining])
    }
  }

  /// The images whose edits could be saved but are not, in name order: what closing the
  /// window would lose.
  package var unsavedImages: [URL] {
    store.state.value.imageEdits.keys
      .filter { isWritable($0) }
      .sorted { FilePathBytes.displayName(of: $0) < FilePathBytes.displayName(of: $1) }
  }

  /// Forgets every edit not saved: the images show as their files are.
  package func discardEdits() {
    store.update { $0.editHistory = [:] }
  }
}

extension FileActions {
  /// Undoes the current image's last edit step not saved (a turn, a mirror, a crop, a resize); the viewer shows it at
  /// once.
  package func undoEdit() {
    guard let item = store.current.value else { return }
    store.update { state in state.changeEdits(of: item.id) { $0.undo() } }
  }

  /// Redoes the current image's last undone edit step.
  package func redoEdit() {
    guard let item = store.current.value else { return }
    store.update { state in state.changeEdits(of: item.id) { $0.redo() } }
  }
}
