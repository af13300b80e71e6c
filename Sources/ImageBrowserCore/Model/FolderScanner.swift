// The real folder scanner: one pass of readdir, no per-file system calls for plain files.
import Foundation

/// Lists image files straight from the kernel's directory entries (`readdir`): regular
/// files (or links to them) directly in the folder whose extension is in `formats`,
/// hidden files skipped, in the requested order.
///
/// A folder of 100,000 photos must list in well under a second, so the scanner trusts
/// what the directory entry says: a name with a supported extension and type `DT_REG`
/// is an image without another system call (other types are judged by `lists(_:)`,
/// as files that appear later are), a `DT_DIR` is never one (a folder named
/// `x.jpg` is skipped), and only links and file systems that do not report types
/// (`DT_LNK`, `DT_UNKNOWN`) cost one `fstatat`, following links: a broken link or a
/// link loop is skipped, never an error. Contents are not sniffed; a file that is not
/// really an image fails later, when it is decoded. Sizes and dates are read (one
/// `fstatat` per file on the open directory) only when the order needs them.
///
/// Names are kept as the kernel's bytes (`FilePathBytes`), so a name that is not UTF-8
/// is listed and stays openable.
package nonisolated struct FolderScanner: FolderScanning {
  /// The extensions listed.
  package let formats: SupportedFormats
  /// Why a file `formats` lists cannot be shown after all (a camera RAW file without an
  /// embedded preview: `RawPreview.unshownReason(of:)` in the app), or `nil` when it
  /// can; asked on the background pass over the folder's unshown files, never while
  /// listing.
  package let unshowable: (@Sendable (URL) -> String?)?

  /// A scanner accepting `formats` (by default `SupportedFormats.common`; the GTK layer
  /// passes gdk-pixbuf's list), with `unshowable` telling which listed files cannot be
  /// shown after all.
  package init(
    formats: SupportedFormats = .common, unshowable: (@Sendable (URL) -> String?)? = nil
  ) {
    self.formats = formats
    self.unshowable = unshowable
  }

  /// `folder` opened for `readdir` (close it with `closedir`, which closes its
  /// descriptor too), with its canonical path ending in "/", to which an entry's name is
  /// appended.
  ///
  /// - Throws: `BrowseError.notFound` or `.unreadable` when `folder` cannot be opened.
  static func openDirectory(_ folder: URL) throws(BrowseError) -> (
    directory: OpaquePointer, prefix: [UInt8]
  ) {
    var prefix = FilePathBytes.canonicalPath(of: folder)
    let descriptor = prefix.withCPath {
      openat(AT_FDCWD, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { throw Self.error(errno, at: folder) }
    guard let directory = fdopendir(descriptor) else {
      let code = errno
      close(descriptor)
      throw Self.error(code, at: folder)
    }
    if prefix.last != UInt8(ascii: "/") { prefix.append(UInt8(ascii: "/")) }
    return (directory, prefix)
  }

  package func scan(_ folder: URL, sortedBy order: ImageSortOrder) throws(BrowseError)
    -> [ImageItem]
  {
    try scan(folder, sortedBy: order, announcingFirstOf: nil) { _ in }
  }

  /// Reads every entry first and makes the files' URLs only after `first` has the image
  /// `sort` shows first: the URLs and the sort are most of a large folder's listing, and
  /// the first image need not wait for them.
  package func scan(
    _ folder: URL, sortedBy order: ImageSortOrder, announcingFirstOf sort: ImageSort?,
    to first: (ImageItem) -> Void
  ) throws(BrowseError) -> [ImageItem] {
    let (directory, prefix) = try Self.openDirectory(folder)
    defer { closedir(directory) }
    // The listed names' bytes one after another, where each starts, and their facts.
    var nameBytes: [UInt8] = []
    var nameStarts: [Int] = []
    var names: [String] = []
    var allFacts: [stat?] = []
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    errno = 0
    while let entry = readdir(directory) {
      let cName = UnsafeRawPointer(entry).advanced(by: nameOffset)
        .assumingMemoryBound(to: CChar.self)
      let name = UnsafeRawBufferPointer(start: cName, count: strlen(cName))
      guard formats.lists(fileName: name) else { continue }
      var facts: stat?
      switch Int(entry.pointee.d_type) {
      case DT_REG:
        break
      case DT_LNK, DT_UNKNOWN:
        // Follows the link: a broken one or a loop fails here and is skipped.
        var info = stat()
        guard fstatat(dirfd(directory), cName, &info, 0) == 0, Self.lists(info) else {
          continue
        }
        facts = info
      default:
        continue
      }
      if order.needsFileFacts, facts == nil {
        var info = stat()
        // Gone since the directory was read: nothing to show.
        guard fstatat(dirfd(directory), cName, &info, 0) == 0 else { continue }
        facts = info
      }
      nameStarts.append(nameBytes.count)
      nameBytes.append(contentsOf: name)
      names.append(String(decoding: name, as: UTF8.self))
      allFacts.append(facts)
      errno = 0
    }
    if errno != 0 { throw Self.error(errno, at: folder) }
    nameStarts.append(nameBytes.count)

    var filePath = prefix
    func item(_ index: Int) -> ImageItem {
      filePath.removeSubrange(prefix.count...)
      filePath.append(contentsOf: nameBytes[nameStarts[index]..<nameStarts[index + 1]])
      let url = FilePathBytes.url(forPath: filePath)
      return allFacts[index].map { ImageItem(url: url, facts: $0) } ?? ImageItem(url: url)
    }
    let ranks =
      order.needsFileFacts
      ? allFacts.map { facts in
        order.rank(
          byteCount: facts.map { Int($0.st_size) },
          modificationDate: facts.map(ImageItem.modificationDate(of:)))
      } : []
    let keys = SortKeys(names: names, ranks: ranks)
    // The date taken is read later, from the files: only the scanner's own orders can
    // name their first image now.
    var announced: (index: Int, item: ImageItem)?
    if let sort, sort.key == order, !order.needsMetadata,
      let index = keys.firstIndex(descending: sort.descending)
    {
      announced = (index, item(index))
      first(announced!.item)
    }
    return keys.ascendingIndices().map { index in
      index == announced?.index ? announced!.item : item(index)
    }
  }

  package func item(at file: URL) -> ImageItem? {
    let path = FilePathBytes.canonicalPath(of: file)
    var info = stat()
    guard path.withCPath({ stat($0, &info) }) == 0, info.st_mode & S_IFMT != S_IFDIR else {
      return nil
    }
    return ImageItem(url: FilePathBytes.url(forPath: path), facts: info)
  }

  package func listedItem(at file: URL) -> ImageItem? {
    let path = FilePathBytes.canonicalPath(of: file)
    var info = stat()
    // Follows links, as the scan does: a link to a photo is listed, a link to
    // /dev/zero is not.
    guard path.withCPath({ stat($0, &info) }) == 0, Self.lists(info) else { return nil }
    return ImageItem(url: FilePathBytes.url(forPath: path), facts: info)
  }

  /// Whether a file `stat` (following links) describes as `info` is listed: the one
  /// rule for the scan and for files that appear later. Only regular files; a FIFO, a
  /// socket or a device named like an image would hang or flood a decoder.
  static func lists(_ info: stat) -> Bool {
    FileKind(mode: info.st_mode) == .regular
  }

  package func isFolder(_ url: URL) -> Bool {
    var info = stat()
    return url.withFileSystemPath { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// The `BrowseError` for a failed `open` or `readdir` of `folder`.
  static func error(_ code: Int32, at folder: URL) -> BrowseError {
    switch code {
    case ENOENT: .notFound(folder)
    case ENOTDIR: .unreadable(folder, reason: tr("it is not a folder"))
    case EACCES, EPERM: .unreadable(folder, reason: tr("permission denied"))
    default: .unreadable(folder, reason: String(cString: strerror(code)).lowercased())
    }
  }
}

nonisolated extension Array where Element == UInt8 {
  /// Calls `body` with these path bytes as a C string.
  func withCPath<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
    var terminated = self
    terminated.append(0)
    return terminated.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
    }
  }
}
