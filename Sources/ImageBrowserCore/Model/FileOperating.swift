// What the browser may do to files, and only when the user asks: trash, restore, delete, rename.
import Foundation

/// Why a file operation failed, in words for the window ("Cannot move to the trash:
/// the folder is read-only").
package nonisolated struct FileOperationError: Error, Hashable, Sendable {
  /// The file the operation was about.
  package let url: URL
  /// What went wrong, for a person.
  package let message: String

  /// A failure about `url`, said in `message`.
  package init(url: URL, message: String) {
    self.url = url
    self.message = message
  }
}

/// A file in the trash that can be put back: where it was and where it went.
package nonisolated struct TrashedFile: Hashable, Sendable {
  /// Where the file was before it was trashed.
  package let original: URL
  /// The file in the trash's `files` folder.
  package let trashed: URL
  /// Its `.trashinfo` record, removed when the file is put back.
  package let info: URL?

  /// A trashed file, moved from `original` to `trashed`, described by `info`.
  package init(original: URL, trashed: URL, info: URL?) {
    self.original = original
    self.trashed = trashed
    self.info = info
  }
}

/// The file operations the user can ask for. The app uses GIO (`GioFileOperations`);
/// tests use a fake. Each call blocks: the view model calls them on its background
/// scheduler. Each changes exactly the file it names, or nothing and throws.
package nonisolated protocol FileOperating: Sendable {
  /// Moves `url` to the trash; returns what `restore` needs to put it back.
  func trash(_ url: URL) throws(FileOperationError) -> TrashedFile
  /// Puts a trashed file back where it was; fails, changing nothing, if that name is
  /// taken meanwhile.
  func restore(_ file: TrashedFile) throws(FileOperationError)
  /// Deletes `url` for good.
  func delete(_ url: URL) throws(FileOperationError)
  /// Renames `url` within its folder to `name` (a file name, not a path); returns the
  /// new URL. Fails, changing nothing, if `name` is taken, empty, or has a `/`.
  func rename(_ url: URL, to name: String) throws(FileOperationError) -> URL
}
