// File operations through GIO: the freedesktop trash, permanent delete, rename in place.
import CImaging
import Foundation
import ImageBrowserCore

/// Trashes, restores, deletes and renames files with GIO (`g_file_trash`,
/// `g_file_delete`, `g_file_move`), the way Files and Eye of GNOME do; the trash is
/// the freedesktop.org one, so a file trashed here shows in the file manager's trash.
///
/// GIO can trash but not put back (restoring goes through gvfs's `trash:` backend, not
/// always running): `restore` reads the trash's `.trashinfo` record, as the
/// freedesktop.org trash specification describes, and moves the file back.
package nonisolated struct GioFileOperations: FileOperating {
  /// Operations on the real file system.
  package init() {}

  package func trash(_ url: URL) throws(FileOperationError) -> TrashedFile {
    let path = FilePathBytes.bytes(of: url)
    let file = Self.file(path)
    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
    var error: UnsafeMutablePointer<GError>?
    guard g_file_trash(file, nil, &error) != 0 else { throw Self.failure(url, error) }
    guard let found = TrashRecords.find(trashedFrom: path) else {
      // Trashed, but its record is not where the specification puts it (a trash
      // elsewhere): the file is safe in the trash, only Undo is not possible.
      return TrashedFile(original: url, trashed: url, info: nil)
    }
    return TrashedFile(original: url, trashed: found.file, info: found.info)
  }

  package func restore(_ trashed: TrashedFile) throws(FileOperationError) {
    guard trashed.info != nil else {
      throw FileOperationError(
        url: trashed.original, message: tr("it can be restored from the file manager’s trash"))
    }
    try Self.move(trashed.trashed, to: trashed.original, url: trashed.original)
    if let info = trashed.info { _ = unlink(FilePathBytes.bytes(of: info) + [0]) }
  }

  package func delete(_ url: URL) throws(FileOperationError) {
    let file = Self.file(FilePathBytes.bytes(of: url))
    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
    var error: UnsafeMutablePointer<GError>?
    guard g_file_delete(file, nil, &error) != 0 else { throw Self.failure(url, error) }
  }

  package func rename(_ url: URL, to name: String) throws(FileOperationError) -> URL {
    guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0")
    else {
      throw FileOperationError(url: url, message: tr("“%s” is not a valid file name", name))
    }
    let target = url.deletingLastPathComponent().appendingPathComponent(name)
    try Self.move(url, to: target, url: url)
    return target
  }

  /// Moves `source` to `target` without replacing anything and without following a link.
  private static func move(_ source: URL, to target: URL, url: URL) throws(FileOperationError) {
    let from = file(FilePathBytes.bytes(of: source))
    let to = file(FilePathBytes.bytes(of: target))
    defer {
      g_object_unref(UnsafeMutableRawPointer(from))
      g_object_unref(UnsafeMutableRawPointer(to))
    }
    var error: UnsafeMutablePointer<GError>?
    let flags = GFileCopyFlags(rawValue: G_FILE_COPY_NOFOLLOW_SYMLINKS.rawValue)
    guard g_file_move(from, to, flags, nil, nil, nil, &error) != 0 else {
      if let error, error.pointee.domain == g_io_error_quark(),
        error.pointee.code == G_IO_ERROR_EXISTS.rawValue
      {
        g_error_free(error)
        throw FileOperationError(
          url: url, message: tr("“%s” already exists", target.lastPathComponent))
      }
      throw failure(url, error)
    }
  }

  private static func file(_ path: [UInt8]) -> OpaquePointer {
    (path + [0]).withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { g_file_new_for_path($0.baseAddress!) }
    }
  }

  /// The error as a person would put it: the common causes in plain words, GIO's own
  /// message otherwise. Frees `error`.
  private static func failure(
    _ url: URL, _ error: UnsafeMutablePointer<GError>?
  ) -> FileOperationError {
    guard let error else { return FileOperationError(url: url, message: tr("it failed")) }
    defer { g_error_free(error) }
    let message: String
    if error.pointee.domain == g_io_error_quark() {
      switch GIOErrorEnum(rawValue: UInt32(error.pointee.code)) {
      case G_IO_ERROR_PERMISSION_DENIED: message = tr("you may not change this folder")
      case G_IO_ERROR_NOT_FOUND: message = tr("the file is gone")
      case G_IO_ERROR_NOT_SUPPORTED: message = tr("this place has no trash")
      case G_IO_ERROR_READ_ONLY: message = tr("the folder is read-only")
      case G_IO_ERROR_NO_SPACE: message = tr("the disk is full")
      default: message = String(cString: error.pointee.message)
      }
    } else {
      message = String(cString: error.pointee.message)
    }
    return FileOperationError(url: url, message: message)
  }
}
