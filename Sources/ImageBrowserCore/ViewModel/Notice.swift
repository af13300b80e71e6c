// The window's short notification about a file action: what happened, and Undo when it can.
import Foundation

/// A notification shown in the window after a file action, until dismissed or replaced.
package nonisolated struct Notice: Hashable, Sendable {
  /// What happened ("“aurora.jpg” moved to the trash"), or why it could not.
  package let message: String
  /// The trashed file Undo puts back; `nil` when there is nothing to undo.
  package let undo: TrashedFile?
  /// The other files the same Undo puts back (a trash of several images picked in the
  /// browse grid); empty after a trash of one.
  package let alsoUndo: [TrashedFile]
  /// Whether the notice reports a failure.
  package let isFailure: Bool

  /// A notice saying `message`, with Undo for `undo` and `alsoUndo`.
  package init(
    message: String, undo: TrashedFile? = nil, alsoUndo: [TrashedFile] = [],
    isFailure: Bool = false
  ) {
    self.message = message
    self.undo = undo
    self.alsoUndo = undo == nil ? [] : alsoUndo
    self.isFailure = isFailure
  }
}

/// File operations that refuse everything: the default, so a view model made without
/// real ones (tests, previews) can never change a file.
package nonisolated struct NoFileOperations: FileOperating {
  /// Refuses.
  package init() {}

  private static func refuse(_ url: URL) -> FileOperationError {
    FileOperationError(url: url, message: tr("File operations are not available"))
  }
  package func trash(_ url: URL) throws(FileOperationError) -> TrashedFile {
    throw Self.refuse(url)
  }
  package func restore(_ file: TrashedFile) throws(FileOperationError) {
    throw Self.refuse(file.original)
  }
  package func delete(_ url: URL) throws(FileOperationError) { throw Self.refuse(url) }
  package func rename(_ url: URL, to name: String) throws(FileOperationError) -> URL {
    throw Self.refuse(url)
  }
}
