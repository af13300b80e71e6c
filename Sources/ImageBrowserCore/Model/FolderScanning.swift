// Finding the images to browse: the protocol, and what opening a path produces.
import Foundation

/// What the browser shows after opening a path: the images in order, which one to show
/// first, and where they came from.
package nonisolated struct Listing: Hashable, Sendable {
  /// The folder the images are in (for several files, the first one's folder).
  package let folder: URL
  /// The images, in the requested order for a folder, in the given order for files.
  package let items: [ImageItem]
  /// The image to show first: the opened file, or the first image.
  package let selectedIndex: Int?
}

/// What one opened path turned out to be.
package nonisolated enum OpenTarget: Hashable, Sendable {
  /// A folder (its URL ends in `/`).
  case folder(URL)
  /// An image file, with its size and date.
  case file(ImageItem)
}

/// Lists the images in a folder. The app uses `FolderScanner`; tests may substitute a
/// fake. Implementations run off the main thread, so they must be `Sendable`.
package nonisolated protocol FolderScanning: Sendable {
  /// The formats this scanner accepts.
  var formats: SupportedFormats { get }

  /// The images directly inside `folder` (not in subfolders), hidden files skipped, in
  /// `order`. Items carry their size and date when `order` needs them; otherwise they
  /// may not (see `ImageItem.withFileFacts()`).
  ///
  /// - Throws: `BrowseError.notFound` or `.unreadable`.
  func scan(_ folder: URL, sortedBy order: ImageSortOrder) throws(BrowseError) -> [ImageItem]

  /// `scan(_:sortedBy:)`, calling `first` (on the scanning thread, before returning) with
  /// the image that `sort` shows first as soon as it is known, when the scanner can tell
  /// before the listing is complete: a large folder's first image can then be decoded
  /// while the rest is listed. `first` is not called for an empty folder, for a `sort`
  /// that is not by `order` or that needs the files' metadata, or when `sort` is `nil`.
  ///
  /// - Throws: `BrowseError.notFound` or `.unreadable`.
  func scan(
    _ folder: URL, sortedBy order: ImageSortOrder, announcingFirstOf sort: ImageSort?,
    to first: (ImageItem) -> Void
  ) throws(BrowseError) -> [ImageItem]

  /// Facts about one file, for opening a file by name; `nil` when it does not exist or
  /// is a folder. (A FIFO or a device opened by name is shown, and its decoder says
  /// what it is.)
  func item(at file: URL) -> ImageItem?

  /// The item for `file` if `scan` would list it by its type: a file that appeared in
  /// the open folder is added only then. `nil` when it does not exist or is not a
  /// regular file (or a link to one): folders, FIFOs, sockets, devices, broken links.
  /// The name (hidden, extension) is the caller's to check.
  func listedItem(at file: URL) -> ImageItem?

  /// Whether `url` is an existing folder.
  func isFolder(_ url: URL) -> Bool

  /// The files directly inside `folder` that look like images but that this scanner's
  /// formats do not include (`UnshownFiles`), by name; none when it cannot tell.
  func unshownFiles(in folder: URL) -> [URL]

  /// Why `file`, one of `unshownFiles(in:)` or a file opened by name, cannot be shown,
  /// in words for a person; `nil` when the scanner cannot say.
  func unshownReason(of file: URL) -> String?

  /// The folders directly inside `folder` (hidden ones skipped, links to folders
  /// followed), by name in natural order, for the browse grid.
  ///
  /// - Throws: `BrowseError.notFound` or `.unreadable`.
  func subfolders(in folder: URL) throws(BrowseError) -> [URL]
}

nonisolated extension FolderScanning {
  /// The listing alone: this scanner cannot tell the first image sooner.
  package func scan(
    _ folder: URL, sortedBy order: ImageSortOrder, announcingFirstOf sort: ImageSort?,
    to first: (ImageItem) -> Void
  ) throws(BrowseError) -> [ImageItem] {
    try scan(folder, sortedBy: order)
  }

  /// No reason known: the list then names the file alone.
  package func unshownReason(of file: URL) -> String? { nil }

  /// The images directly inside `folder`, in natural name order.
  ///
  /// - Throws: `BrowseError.notFound` or `.unreadable`.
  package func scan(_ folder: URL) throws(BrowseError) -> [ImageItem] {
    try scan(folder, sortedBy: .name)
  }

  /// Opens what the command line names: a folder shows its images; one file shows its
  /// folder with that file selected; several files show exactly those files, in the
  /// given order.
  ///
  /// - Throws: `BrowseError` for a missing path, an unreadable folder, or a file that
  ///   is not a supported image.
  package func open(_ urls: [URL], sortedBy order: ImageSortOrder = .name) throws(BrowseError)
    -> Listing
  {
    precondition(!urls.isEmpty, "FolderScanning.open: nothing to open")
    if urls.count == 1 { return try open(urls[0], sortedBy: order) }
    let items = try urls.map { (url) throws(BrowseError) -> ImageItem in
      guard case .file(let item) = try resolve(url) else { throw .notAnImage(url) }
      return item
    }
    return Listing(folder: FilePathBytes.folder(of: items[0].url), items: items, selectedIndex: 0)
  }

  /// Opens a folder, or a file's folder with that file selected.
  ///
  /// - Throws: `BrowseError` for a missing path, an unreadable folder, or a file that
  ///   is not a supported image.
  package func open(_ url: URL, sortedBy order: ImageSortOrder = .name) throws(BrowseError)
    -> Listing
  {
    switch try resolve(url) {
    case .folder(let folder):
      let items = try scan(folder, sortedBy: order)
      return Listing(folder: folder, items: items, selectedIndex: items.isEmpty ? nil : 0)
    case .file(let file):
      return try listing(around: file, sortedBy: order)
    }
  }

  /// What `url` is, from at most two `stat`s and no listing: cheap enough to show an
  /// opened file before its folder is read.
  ///
  /// - Throws: `BrowseError.notFound` when nothing is there, `.notAnImage` for a file
  ///   whose extension is not a supported format.
  func resolve(_ url: URL) throws(BrowseError) -> OpenTarget {
    let path = FilePathBytes.canonicalPath(of: url)
    let canonical = FilePathBytes.url(forPath: path)
    if isFolder(canonical) { return .folder(FilePathBytes.url(forPath: path, isDirectory: true)) }
    guard let item = item(at: canonical) else { throw .notFound(url) }
    guard formats.contains(fileName: item.displayName) else { throw .notAnImage(url) }
    return .file(item)
  }

  /// The listing of `file`'s folder in `order`, with `file` selected. A file the scan
  /// does not list (a hidden one, or one that appeared between the two looks) is shown
  /// anyway, in its place in the order. The listing holds `file` itself, not the scan's
  /// copy of it.
  ///
  /// - Throws: `BrowseError` when the folder cannot be listed.
  package func listing(around file: ImageItem, sortedBy order: ImageSortOrder) throws(BrowseError)
    -> Listing
  {
    let folder = FilePathBytes.folder(of: file.url)
    var items = try scan(folder, sortedBy: order)
    var index = items.firstIndex { $0.id == file.id }
    if let index {
      // The file as it was opened, with its size and date: the same value the view
      // model already shows, so it does not count as changed.
      items[index] = file
    } else {
      items = order.sorted(items + [file])
      index = items.firstIndex { $0.id == file.id }
    }
    return Listing(folder: folder, items: items, selectedIndex: index)
  }
}

nonisolated extension SupportedFormats {
  /// Whether a file named `name` is of one of these formats, judged by the extension
  /// after its last dot (a name that is only an extension, like `.jpg`, has one),
  /// compared with ASCII letters folded to lowercase, as `lists(fileName:)` does.
  package func contains(fileName name: String) -> Bool {
    hasExtension(name.utf8)
  }

  /// Whether the folder lists a regular file named `name` (the kernel's bytes): it is
  /// not hidden (its first byte is not a dot) and its extension is one of these. The
  /// one rule for the scan and for files that appear while the folder is open.
  package func lists(fileName name: some BidirectionalCollection<UInt8>) -> Bool {
    name.first != UInt8(ascii: ".") && hasExtension(name)
  }

  /// Whether the bytes after the last dot of `name` are one of `extensions`, ASCII
  /// letters compared without case; no `String` is made of a longer extension.
  private func hasExtension(_ name: some BidirectionalCollection<UInt8>) -> Bool {
    guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
    let ext = name[name.index(after: dot)...]
    let length = ext.count
    guard length > 0, length <= longestExtension else { return false }
    let lowered = String(unsafeUninitializedCapacity: length) { buffer in
      for (offset, byte) in ext.enumerated() {
        let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
        buffer[offset] = isUpper ? byte + 32 : byte
      }
      return length
    }
    return extensions.contains(lowered)
  }
}

nonisolated extension FilePathBytes {
  /// The path bytes of `url` without `.` components, `..` components (resolved
  /// lexically, as `standardizedFileURL` does), repeated or trailing slashes.
  static func canonicalPath(of url: URL) -> [UInt8] {
    var components: [ArraySlice<UInt8>] = []
    for component in bytes(of: url).split(separator: UInt8(ascii: "/")) {
      if component.elementsEqual([UInt8(ascii: ".")]) { continue }
      if component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
        _ = components.popLast()
        continue
      }
      components.append(component)
    }
    var path: [UInt8] = []
    for component in components {
      path.append(UInt8(ascii: "/"))
      path.append(contentsOf: component)
    }
    return path.isEmpty ? [UInt8(ascii: "/")] : path
  }

  /// The folder `url` is in, as a folder URL (ending in `/`) built from path bytes.
  package static func folder(of url: URL) -> URL {
    var path = canonicalPath(of: url)
    if let slash = path.lastIndex(of: UInt8(ascii: "/")) {
      path.removeSubrange(max(slash, 1)...)
    }
    return FilePathBytes.url(forPath: path, isDirectory: true)
  }
}

extension FolderScanning {
  /// None: a scanner that cannot tell (a test's fake) lists nothing as unshown.
  package func unshownFiles(in folder: URL) -> [URL] { [] }

  /// None: a scanner that cannot tell (a test's fake) lists no subfolders.
  package func subfolders(in folder: URL) throws(BrowseError) -> [URL] { [] }
}
