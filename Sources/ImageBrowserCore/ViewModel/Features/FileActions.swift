// Trash with Undo, delete permanently, rename: the only ways the browser changes the folder.
import Foundation
import Reactive

/// The file actions and edits: trash with Undo, delete, rename, and turns and mirrors
/// shown at once and written by Save. The one owner of `notice`, what the window says
/// about them; the list follows through the folder session, the edits through the
/// store.
package final class FileActions {
  /// What the window says about the last file action (a failure, or "moved to the
  /// trash" with Undo); `nil` when there is nothing to say.
  package let notice = MutableProperty<Notice?>(nil)
  let store: BrowserStore
  let folder: FolderSession
  /// Trashes, restores, deletes and renames files, when the user asks.
  let files: any FileOperating
  /// Writes turns and mirrors into files, when the user saves.
  let orientations: any OrientationSaving
  let mainScheduler: Scheduler
  /// Where the file operations run.
  let backgroundScheduler: Scheduler
  /// A selection waiting for a file to be listed (after Undo or a rename); a newer one
  /// replaces it.
  let pendingSelection = SerialDisposable()

  /// File actions on `store`'s current image through `files` and `orientations`, run
  /// on `background` and finished on `main`; the list follows through `folder`.
  init(
    store: BrowserStore, folder: FolderSession, files: any FileOperating,
    orientations: any OrientationSaving, main: Scheduler, background: Scheduler
  ) {
    self.store = store
    self.folder = folder
    self.files = files
    self.orientations = orientations
    mainScheduler = main
    backgroundScheduler = background
  }

  deinit {
    pendingSelection.dispose()
  }

  /// Moves the current image to the trash, on the background scheduler. The list, the
  /// strip and the index follow at once (the neighbour becomes current), and `notice`
  /// offers Undo; a failure (a read-only folder, the file gone) says so in `notice` and
  /// changes nothing. Completes when done.
  package func trashCurrent() -> Signal<Void, Never> {
    guard let item = store.current.value else { return .empty() }
    let files = self.files
    return perform({ () throws(FileOperationError) in try files.trash(item.url) }) {
      [weak self] result in
      guard let self else { return }
      switch result {
      case .success(let trashed):
        // An edit not saved goes with the file: the trash keeps the file as it was.
        store.update { $0.editHistory[item.id] = nil }
        folder.apply([.removed(item.url)])
        notice.value = Notice(
          message: tr("“%s” moved to the trash", item.shownName), undo: trashed)
      case .failure(let error):
        notice.value = Notice(
          message: tr("Cannot move “%1$s” to the trash: %2$s", item.shownName, error.message),
          isFailure: true)
      }
    }
  }

  /// Puts back the file the last trash moved (the Undo of `notice`), and makes it current
  /// again once it is listed.
  package func undoTrash() -> Signal<Void, Never> {
    if let several = notice.value, !several.alsoUndo.isEmpty { return undoTrash(of: several) }
    guard let trashed = notice.value?.undo else { return .empty() }
    let files = self.files
    return perform({ () throws(FileOperationError) in try files.restore(trashed) }) {
      [weak self] result in
      guard let self else { return }
      switch result {
      case .success:
        notice.value = nil
        folder.apply([.added(trashed.original)])
        select(whenListed: trashed.original)
      case .failure(let error):
        notice.value = Notice(
          message: tr(
            "Cannot put back “%1$s”: %2$s", FilePathBytes.shownName(of: trashed.original),
            error.message),
          isFailure: true)
      }
    }
  }

  /// Deletes the current image for good (the window confirms first).
  package func deleteCurrent() -> Signal<Void, Never> {
    guard let item = store.current.value else { return .empty() }
    let files = self.files
    return perform({ () throws(FileOperationError) in try files.delete(item.url) }) {
      [weak self] result in
      guard let self else { return }
      switch result {
      case .success:
        store.update { $0.editHistory[item.id] = nil }
        folder.apply([.removed(item.url)])
        notice.value = Notice(message: tr("“%s” deleted", item.shownName))
      case .failure(let error):
        notice.value = Notice(
          message: tr("Cannot delete “%1$s”: %2$s", item.shownName, error.message),
          isFailure: true)
      }
    }
  }

  /// Renames the current image to `name` in its folder; it stays current under its new
  /// name, moved to its place in the order. A name that is taken, empty or holds a `/`
  /// changes nothing and says why.
  package func renameCurrent(to name: String) -> Signal<Void, Never> {
    guard let item = store.current.value else { return .empty() }
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed != item.displayName else { return .empty() }
    let files = self.files
    return perform({ () throws(FileOperationError) in try files.rename(item.url, to: trimmed) }) {
      [weak self] result in
      guard let self else { return }
      switch result {
      case .success(let renamed):
        notice.value = nil
        store.update { state in
          // An edit not saved follows the file to its new name.
          if let history = state.editHistory.removeValue(forKey: item.id) {
            state.editHistory[renamed] = history
          }
        }
        folder.apply([.renamed(from: item.url, to: renamed)])
        select(whenListed: renamed)
      case .failure(let error):
        notice.value = Notice(
          message: tr("Cannot rename “%1$s”: %2$s", item.shownName, error.message),
          isFailure: true)
      }
    }
  }

  /// Runs `operation` on the background scheduler and `finish` with its result on the
  /// main one; the returned signal completes after `finish`.
  func perform<Result: Sendable>(
    _ operation: @escaping @Sendable () throws(FileOperationError) -> Result,
    finish: @escaping (Swift.Result<Result, FileOperationError>) -> Void
  ) -> Signal<Void, Never> {
    Signal.deferred { .just(Swift.Result(catching: operation)) }
      .subscribe(on: backgroundScheduler)
      .observe(on: mainScheduler)
      .on(next: finish)
      .map { _ in () }
  }

  /// Makes `url` current as soon as it is among the images shown (a listing or a sort
  /// may still be running); a newer request replaces this one.
  func select(whenListed url: URL) {
    pendingSelection.inner = store.items.signal
      .filter { $0.contains { $0.id == url } }
      .take(1)
      .subscribe(next: { [weak self] items in
        guard let self, let position = items.firstIndex(where: { $0.id == url }) else { return }
        store.select(index: position)
      })
  }
}
