// Creating a file that does not exist yet, whole or not at all, never over another one.
import Foundation
import ImageBrowserCore

/// Creates a new file so that no one sees it half written and no file is ever
/// overwritten: the contents go to a hidden temporary file in the destination folder,
/// synced, then linked under the new name (`link` fails when the name is taken, even if
/// another program took it a moment ago) and the temporary name removed. On any failure
/// nothing is left behind.
package nonisolated enum NewFile {
  /// Creates `url` with what `fill` writes (through the descriptor or the path of the
  /// temporary file); fails, saying why, when the name is taken or the folder cannot be
  /// written.
  package static func create(
    _ url: URL,
    fill: (_ descriptor: Int32, _ path: UnsafePointer<CChar>) throws(FileOperationError) -> Void
  ) throws(FileOperationError) {
    let target = FilePathBytes.bytes(of: url)
    let folder = FilePathBytes.bytes(of: url.deletingLastPathComponent())
    var temporary: [UInt8] = []
    var descriptor: Int32 = -1
    for _ in 0..<8 {
      let suffix = String(UInt64.random(in: .min ... .max), radix: 36)
      temporary = folder + Array("/.image-browser-save-\(suffix)".utf8)
      // 0666 less the user's umask: what any new file of theirs gets.
      descriptor = FileReplacement.withCString(temporary) {
        open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
      }
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else { throw failure(url, errno) }
    defer { _ = FileReplacement.withCString(temporary) { unlink($0) } }
    do {
      defer { close(descriptor) }
      try FileReplacement.withCString(temporary) { (path) throws(FileOperationError) in
        try fill(descriptor, path)
      }
    }
    let written = FileReplacement.withCString(temporary) {
      open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    }
    guard written >= 0 else { throw failure(url, errno) }
    defer { close(written) }
    guard fsync(written) == 0 else { throw failure(url, errno) }
    let linked = FileReplacement.withCString(temporary) { from in
      FileReplacement.withCString(target) { to in link(from, to) }
    }
    guard linked == 0 else { throw failure(url, errno) }
    let directory = FileReplacement.withCString(folder) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }

  /// A sentence for a failed system call creating `url`.
  static func failure(_ url: URL, _ code: Int32) -> FileOperationError {
    let folder = FilePathBytes.displayName(of: url.deletingLastPathComponent())
    switch code {
    case EEXIST:
      return FileOperationError(
        url: url,
        message: tr("a file named “%s” already exists", FilePathBytes.shownName(of: url)))
    case EACCES, EPERM:
      return FileOperationError(
        url: url, message: tr("the folder “%s” is read-only", folder))
    case ENOENT:
      return FileOperationError(url: url, message: tr("the folder “%s” does not exist", folder))
    default:
      return FileReplacement.failure(url, code, writing: true)
    }
  }
}
