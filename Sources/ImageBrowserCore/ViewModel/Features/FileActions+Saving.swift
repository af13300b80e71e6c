// Saving crops and resizes in place, and Save As: the picture written again, whole.
import Foundation
import Reactive

extension FileActions {
  /// Writes `edit` (a crop or a resize, maybe with a turn) of `item` into its own file,
  /// replaced whole. Done, the image shows as saved and Undo stops there; a failure
  /// says why and keeps the edit pending.
  func saveCurrent(_ edit: ImageEdit, of item: ImageItem) -> Signal<Void, Never> {
    let orientations = self.orientations
    return save(item) { () throws(FileOperationError) in
      try orientations.save(edit, of: item.url, to: item.url, replacing: true)
    } keeping: { state in
      // What was written is the file now: its steps are gone. A step taken while
      // saving is dropped with them (it was relative to the picture before).
      state.editHistory[item.id] = nil
    }
  }

  /// Runs `write` (which writes `item`'s own file) on the background scheduler. Done,
  /// `keeping` decides what stays of the image's edit steps, the image shows as the file
  /// now is (read again: a new modification time, so decoded and thumbnailed again) and
  /// `notice` says it was saved; a failure says why and keeps the edit pending.
  func save(
    _ item: ImageItem, writing write: @escaping @Sendable () throws(FileOperationError) -> Void,
    keeping: @escaping (inout BrowserState) -> Void
  ) -> Signal<Void, Never> {
    let scanner = folder.scanner
    return perform({ () throws(FileOperationError) -> ImageItem? in
      try write()
      return scanner.listedItem(at: item.url)
    }) { [weak self] result in
      guard let self else { return }
      switch result {
      case .success(let saved):
        store.update { state in
          keeping(&state)
          if let saved {
            state.replaceAllItems(with: state.allItems.map { $0.id == saved.id ? saved : $0 })
          }
          state.failures[item.id] = nil
        }
        notice.value = Notice(message: tr("“%s” saved", item.shownName))
      case .failure(let error):
        notice.value = Notice(
          message: tr("Cannot save “%1$s”: %2$s", item.shownName, error.message),
          isFailure: true)
      }
    }
  }

  /// Writes the current image, as it shows (with its edits not saved), into
  /// `destination`, in the format its name says, on the background scheduler. An existing
  /// file there is replaced only when `replacing` (the window asks first); a failure (a
  /// read-only folder, a format that cannot be written, a name taken) says why in
  /// `notice` and changes nothing on disk. Done, the edits live in the new file: the
  /// current image shows as its file is, and the new file becomes current once it is
  /// listed (when it is in the open folder). Completes when done.
  package func saveCurrent(as destination: URL, replacing: Bool) -> Signal<Void, Never> {
    guard let item = store.current.value else { return .empty() }
    let edit = store.state.value.imageEdit(of: item.id) ?? .none
    let orientations = self.orientations
    let shownName = FilePathBytes.shownName(of: destination)
    return perform({ () throws(FileOperationError) in
      try orientations.save(edit, of: item.url, to: destination, replacing: replacing)
    }) { [weak self] result in
      guard let self else { return }
      switch result {
      case .success:
        // The edits live in the new file now; the image shows as its own file is.
        store.update { $0.editHistory[item.id] = nil }
        let sameFolder =
          destination.deletingLastPathComponent().standardizedFileURL
          == item.url.deletingLastPathComponent().standardizedFileURL
        if destination.standardizedFileURL == item.url.standardizedFileURL {
          folder.apply([.modified(item.url)])
        } else if sameFolder {
          folder.apply([replacing ? .modified(destination) : .added(destination)])
          select(whenListed: destination)
        }
        // TRANSLATORS: after Save As; the new file's name.
        notice.value = Notice(message: tr("Saved as “%s”", shownName))
      case .failure(let error):
        notice.value = Notice(
          message: tr("Cannot save “%1$s”: %2$s", shownName, error.message), isFailure: true)
      }
    }
  }
}
