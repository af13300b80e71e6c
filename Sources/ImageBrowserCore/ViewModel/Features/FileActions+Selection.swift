// The file actions on the images picked in the browse grid: several at once, one Undo.
import Foundation
import Reactive

extension FileActions {
  /// Moves the picked images (`BrowserState.pickedItems`: the grid's selection, or the
  /// current image) to the trash, on the background scheduler. One image goes as
  /// `trashCurrent()` sends it; several go one by one, the list follows once, and the
  /// notice says how many went with one Undo for all of them. Those that cannot be moved
  /// stay, and the notice names the first and why.
  package func trashPicked() -> Signal<Void, Never> {
    let state = store.state.value
    let picked = state.pickedItems
    if picked.count <= 1 {
      guard let item = picked.first else { return .empty() }
      if item.id != state.current?.id { store.select(item) }
      return trashCurrent()
    }
    let files = self.files
    let work: @Sendable () throws(FileOperationError) -> [Result<TrashedFile, FileOperationError>] =
      {
        picked.map { item in Result { () throws(FileOperationError) in try files.trash(item.url) } }
      }
    return perform(work) { [weak self] result in
      guard let self, case .success(let results) = result else { return }
      var trashed: [TrashedFile] = []
      var failures: [(ImageItem, FileOperationError)] = []
      for (item, outcome) in zip(picked, results) {
        switch outcome {
        case .success(let file): trashed.append(file)
        case .failure(let error): failures.append((item, error))
        }
      }
      store.update { state in
        for file in trashed { state.editHistory[file.original] = nil }
        state.selection = GridSelection()
      }
      folder.apply(trashed.map { .removed($0.original) })
      notice.value = Self.trashNotice(trashed: trashed, failures: failures)
    }
  }

  /// What the window says after trashing several images.
  private static func trashNotice(
    trashed: [TrashedFile], failures: [(ImageItem, FileOperationError)]
  ) -> Notice {
    guard let (item, error) = failures.first else {
      return Notice(
        message: trn("%d image moved to the trash", "%d images moved to the trash", trashed.count),
        undo: trashed.first, alsoUndo: Array(trashed.dropFirst()))
    }
    let reason = tr("Cannot move “%1$s” to the trash: %2$s", item.shownName, error.message)
    guard !trashed.isEmpty else { return Notice(message: reason, isFailure: true) }
    let moved = trn(
      "%d image moved to the trash", "%d images moved to the trash", trashed.count)
    return Notice(
      message: "\(moved). \(reason)", undo: trashed.first, alsoUndo: Array(trashed.dropFirst()),
      isFailure: true)
  }

  /// Puts back every file a trash of several moved (the Undo of `several`), the first
  /// of them current again once listed.
  func undoTrash(of several: Notice) -> Signal<Void, Never> {
    guard let first = several.undo else { return .empty() }
    let all = [first] + several.alsoUndo
    let files = self.files
    let work: @Sendable () throws(FileOperationError) -> [FileOperationError] = {
      all.compactMap { file in
        do throws(FileOperationError) {
          try files.restore(file)
          return nil
        } catch { return error }
      }
    }
    return perform(work) { [weak self] result in
      guard let self, case .success(let errors) = result else { return }
      let restored = all.filter { file in !errors.contains { $0.url == file.original } }
      folder.apply(restored.map { .added($0.original) })
      if let url = restored.first?.original { select(whenListed: url) }
      if let error = errors.first {
        notice.value = Notice(
          message: tr(
            "Cannot put back “%1$s”: %2$s", FilePathBytes.shownName(of: error.url), error.message),
          isFailure: true)
      } else {
        notice.value = nil
      }
    }
  }
}
