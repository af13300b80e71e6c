// The subfolders of a folder, for the browse grid: one pass of readdir, like the images.
import Foundation

extension FolderScanner {
  /// The folders directly inside `folder`, hidden ones skipped, by name in natural
  /// order. A `DT_DIR` entry costs no system call; a link or an entry of unknown type
  /// costs one `fstatat` (a link to a folder is listed, a broken one is not), so a
  /// folder of 100,000 subfolders lists in a fraction of a second, on the background
  /// queue.
  ///
  /// - Throws: `BrowseError.notFound` or `.unreadable` when `folder` cannot be read.
  package func subfolders(in folder: URL) throws(BrowseError) -> [URL] {
    let (directory, prefix) = try Self.openDirectory(folder)
    defer { closedir(directory) }
    var found: [(url: URL, key: NaturalOrder.Key)] = []
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    errno = 0
    while let entry = readdir(directory) {
      let cName = UnsafeRawPointer(entry).advanced(by: nameOffset)
        .assumingMemoryBound(to: CChar.self)
      let name = UnsafeRawBufferPointer(start: cName, count: strlen(cName))
      // Hidden folders, `.` and `..` are not shown (the parent has its own button).
      guard let first = name.first, first != UInt8(ascii: ".") else { continue }
      switch Int(entry.pointee.d_type) {
      case DT_DIR:
        break
      case DT_LNK, DT_UNKNOWN:
        var info = stat()
        guard fstatat(dirfd(directory), cName, &info, 0) == 0, info.st_mode & S_IFMT == S_IFDIR
        else { continue }
      default:
        continue
      }
      let url = FilePathBytes.url(forPath: prefix + Array(name), isDirectory: true)
      found.append((url, NaturalOrder.Key(String(decoding: name, as: UTF8.self))))
      errno = 0
    }
    if errno != 0 { throw Self.error(errno, at: folder) }
    // Keys made once per name: 100,000 comparisons of parsed names would not be.
    return found.sorted { $0.key < $1.key }.map(\.url)
  }
}
