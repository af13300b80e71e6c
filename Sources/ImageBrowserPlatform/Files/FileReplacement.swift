// Replacing a file whole: a temporary file beside it, filled and synced, renamed over it.
import Foundation
import ImageBrowserCore

/// Replaces the contents of an existing regular file so that no one — another program,
/// a crash, a full disk — ever sees it half written: the new contents go to a hidden
/// temporary file in the same folder, which takes the original's permissions (and owner,
/// when allowed), is synced to disk, and is then renamed over the original. On any
/// failure the temporary file is removed and the original is untouched.
///
/// A symbolic link is followed: the file it points at is replaced, the link stays.
package nonisolated enum FileReplacement {
  /// The file to replace, read: where it really is, its contents and what `fstat` said.
  package struct Original {
    /// The file's path with links resolved, as bytes (a name need not be UTF-8).
    package let path: [UInt8]
    /// Its contents.
    package let bytes: [UInt8]
    /// Its mode, owner and times.
    package let info: stat
  }

  /// The largest file read for saving: far above any photo, far below harm.
  static let maximumSize = 1 << 30

  /// Reads the file at `url` for replacing it; fails, saying why, when it is gone, not a
  /// regular file, too large, unreadable, or (`forWriting`) may not be written (a
  /// read-only file or disk).
  package static func read(_ url: URL, forWriting: Bool = true) throws(FileOperationError)
    -> Original
  {
    let given = FilePathBytes.bytes(of: url)
    guard let real = withCString(given, { realpath($0, nil) }) else {
      throw failure(url, errno)
    }
    defer { free(real) }
    let path = Array(UnsafeRawBufferPointer(start: real, count: strlen(real)))
    let opened = RegularFile.open(real)
    let file: (descriptor: Int32, info: stat)
    switch opened {
    case .success(let found): file = found
    case .failure(.system(let code)): throw failure(url, code)
    case .failure(.notRegular(let kind)):
      // TRANSLATORS: %s is a kind of file: "a folder", "a named pipe (FIFO)".
      throw FileOperationError(url: url, message: tr("it is %s, not an image file", kind))
    }
    defer { close(file.descriptor) }
    guard Int(file.info.st_size) <= maximumSize else {
      throw FileOperationError(url: url, message: tr("the file is too large"))
    }
    // With the effective user, as opening for writing would be checked.
    guard !forWriting || faccessat(AT_FDCWD, real, W_OK, AT_EACCESS) == 0 else {
      throw failure(url, errno, writing: true)
    }
    switch RegularFile.read(file.descriptor, upTo: Int(file.info.st_size) + 1) {
    case .success(let bytes): return Original(path: path, bytes: bytes, info: file.info)
    case .failure(.system(let code)): throw failure(url, code)
    case .failure(.notRegular): throw FileOperationError(url: url, message: tr("it cannot be read"))
    }
  }

  /// Replaces `original` with what `fill` writes: `fill` gets a descriptor open for
  /// writing on the temporary file and that file's path, and may write through either
  /// (closing nothing). `url` names the file in messages.
  package static func replace(
    _ original: Original, url: URL,
    fill: (_ descriptor: Int32, _ path: UnsafePointer<CChar>) throws(FileOperationError) -> Void
  ) throws(FileOperationError) {
    let folder = Array(original.path[..<(original.path.lastIndex(of: UInt8(ascii: "/")) ?? 0)])
    let prefix = (folder.isEmpty ? [UInt8(ascii: "/")] : folder + [UInt8(ascii: "/")])
    // A hidden name no one else holds, made 0600 until it takes the original's mode.
    var temporary: [UInt8] = []
    var descriptor: Int32 = -1
    for _ in 0..<8 {
      let suffix = String(UInt64.random(in: .min ... .max), radix: 36)
      temporary = prefix + Array(".image-browser-save-\(suffix)".utf8)
      descriptor = withCString(temporary) {
        open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      }
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else { throw failure(url, errno, writing: true) }
    var renamed = false
    defer {
      if !renamed { _ = withCString(temporary, { unlink($0) }) }
    }
    do {
      defer { close(descriptor) }
      try withCString(temporary) { (path) throws(FileOperationError) in
        try fill(descriptor, path)
      }
    }
    // `fill` may have had the file rewritten under the same name (gexiv2 does): settle
    // the permissions and sync through the name, not the first descriptor.
    let written = withCString(temporary) { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
    guard written >= 0 else { throw failure(url, errno, writing: true) }
    defer { close(written) }
    if geteuid() == 0 || original.info.st_uid == geteuid() {
      _ = fchown(written, original.info.st_uid, original.info.st_gid)
    }
    guard fchmod(written, original.info.st_mode & 0o7777) == 0, fsync(written) == 0 else {
      throw failure(url, errno, writing: true)
    }
    let moved = withCString(temporary) { from in
      withCString(original.path) { to in rename(from, to) }
    }
    guard moved == 0 else { throw failure(url, errno, writing: true) }
    renamed = true
    // The rename itself reaches the disk with the folder.
    let directory = withCString(folder.isEmpty ? [UInt8(ascii: "/")] : folder) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }

  /// Writes all of `bytes` to `descriptor`; fails saying why (a full disk).
  package static func write(
    _ bytes: [UInt8], to descriptor: Int32, url: URL
  ) throws(FileOperationError) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw failure(url, count < 0 ? errno : EIO, writing: true) }
      offset += count
    }
  }

  /// A sentence for a failed system call on `url`.
  package static func failure(_ url: URL, _ code: Int32, writing: Bool = false)
    -> FileOperationError
  {
    let folder = FilePathBytes.displayName(of: url.deletingLastPathComponent())
    let message =
      switch code {
      case ENOENT: tr("the file no longer exists")
      case EACCES, EPERM:
        writing
          ? tr(
            "you are not allowed to change it (the file or the folder “%s” is read-only)", folder)
          : tr("permission denied")
      case EROFS: tr("the disk is read-only")
      case ENOSPC, EDQUOT: tr("the disk is full")
      case ELOOP: tr("it is a symbolic link that leads back to itself")
      default: String(cString: strerror(code))
      }
    return FileOperationError(url: url, message: message)
  }

  /// Calls `body` with `bytes` as a NUL-terminated C string.
  static func withCString<Bytes: Collection<UInt8>, Result, Failure>(
    _ bytes: Bytes, _ body: (UnsafePointer<CChar>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var terminated = Array(bytes)
    terminated.append(0)
    return try terminated.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in
      try buffer.withMemoryRebound(to: CChar.self) { (chars) throws(Failure) -> Result in
        try body(chars.baseAddress!)
      }
    }
  }
}
