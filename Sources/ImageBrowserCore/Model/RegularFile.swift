// Opening a file that must be a regular one, without ever blocking on a FIFO or a device.
import Foundation

/// What kind of file a `stat` mode names, with words for messages.
package nonisolated enum FileKind: Hashable, Sendable, CustomStringConvertible {
  /// A regular file: the only kind the browser lists or reads.
  case regular
  /// A folder.
  case folder
  /// A symbolic link (seen only when links are not followed).
  case link
  /// A named pipe (FIFO).
  case pipe
  /// A Unix socket.
  case socket
  /// A character or block device.
  case device
  /// A kind this platform reports but the browser does not know.
  case unknown

  /// The kind `mode` (a `stat`'s `st_mode`) names.
  package init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .folder
    case S_IFLNK: self = .link
    case S_IFIFO: self = .pipe
    case S_IFSOCK: self = .socket
    case S_IFCHR, S_IFBLK: self = .device
    default: self = .unknown
    }
  }

  /// The kind, as a noun phrase: "a named pipe (FIFO)".
  package var description: String {
    switch self {
    case .regular: "a regular file"
    case .folder: "a folder"
    case .link: "a symbolic link"
    case .pipe: "a named pipe (FIFO)"
    case .socket: "a socket"
    case .device: "a device"
    case .unknown: "a special file"
    }
  }
}

/// Opening and reading files that must be regular: images, thumbnails, settings.
///
/// A FIFO, a socket or a device named like an image or a settings file must never hang
/// or feed the app: opening a FIFO blocks until a writer comes, and reading a device
/// may never end. So every file is opened with `O_NONBLOCK` (which makes `open` return
/// at once for any kind; it changes nothing for a regular file), checked with `fstat`
/// on the descriptor itself (no window for a swap between check and use), and refused
/// unless regular.
package nonisolated enum RegularFile {
  /// Why a file was not opened.
  package enum Failure: Error, Hashable, Sendable {
    /// A system call failed with this `errno` (`ELOOP` for a link not followed).
    case system(Int32)
    /// The file exists but is not a regular file.
    case notRegular(FileKind)
  }

  /// Opens `path` (relative to the open folder `folder`, or the working directory)
  /// read-only, if it is a regular file.
  ///
  /// - Parameters:
  ///   - followingLinks: whether a symbolic link at `path` itself is followed; when
  ///     not, a link fails with `.system(ELOOP)`.
  /// - Returns: the descriptor (the caller closes it) and what `fstat` said about it.
  package static func open(
    _ path: UnsafePointer<CChar>, in folder: Int32 = AT_FDCWD, followingLinks: Bool = true
  ) -> Result<(descriptor: Int32, info: stat), Failure> {
    var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
    if !followingLinks { flags |= O_NOFOLLOW }
    let descriptor = openat(folder, path, flags)
    guard descriptor >= 0 else { return .failure(.system(errno)) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      close(descriptor)
      return .failure(.system(code))
    }
    let kind = FileKind(mode: info.st_mode)
    guard kind == .regular else {
      close(descriptor)
      return .failure(.notRegular(kind))
    }
    return .success((descriptor, info))
  }

  /// Reads from `descriptor` until the end of the file or `limit` bytes, whichever
  /// comes first (read `limit + 1` to tell a file that is too large).
  ///
  /// - Returns: the bytes read, or the `errno` of a failed `read`.
  package static func read(_ descriptor: Int32, upTo limit: Int) -> Result<[UInt8], Failure> {
    var bytes = [UInt8](repeating: 0, count: limit)
    var filled = 0
    while filled < limit {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + filled, limit - filled)
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return .failure(.system(errno)) }
      if count == 0 { break }
      filled += count
    }
    bytes.removeSubrange(filled...)
    return .success(bytes)
  }
}
