// The real folder scanner: lists a directory through FileManager.
import Foundation

/// Lists image files with `FileManager`: regular files (or links to them) directly in
/// the folder whose extension is in `formats`, hidden files skipped, in natural name
/// order.
nonisolated struct FolderScanner: FolderScanning {
  let formats: SupportedFormats

  /// A scanner accepting `formats` (by default `SupportedFormats.common`; the GTK layer
  /// passes gdk-pixbuf's list).
  init(formats: SupportedFormats = .common) {
    self.formats = formats
  }

  private static let keys: [URLResourceKey] = [
    .isRegularFileKey, .isDirectoryKey, .fileSizeKey, .contentModificationDateKey,
  ]

  func scan(_ folder: URL) throws(BrowseError) -> [ImageItem] {
    let folder = folder.standardizedFileURL
    guard FileManager.default.fileExists(atPath: folder.path) else {
      throw .notFound(folder)
    }
    guard isFolder(folder) else {
      throw .unreadable(folder, reason: "it is not a folder")
    }
    let urls: [URL]
    do {
      urls = try FileManager.default.contentsOfDirectory(
        at: folder, includingPropertiesForKeys: Self.keys, options: [.skipsHiddenFiles])
    } catch {
      throw .unreadable(folder, reason: Self.reason(for: error, at: folder))
    }
    return
      urls
      .filter { formats.contains($0) }
      .compactMap { item(at: $0.standardizedFileURL, requireRegularFile: true) }
      .sorted { NaturalOrder.areInIncreasingOrder($0.displayName, $1.displayName) }
  }

  func item(at file: URL) -> ImageItem? {
    item(at: file, requireRegularFile: false)
  }

  func isFolder(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  private func item(at file: URL, requireRegularFile: Bool) -> ImageItem? {
    // Resolve links so a link to a photo counts as the photo it points at.
    guard
      let values = try? file.resolvingSymlinksInPath().resourceValues(
        forKeys: Set(Self.keys))
    else { return nil }
    if requireRegularFile, values.isRegularFile != true { return nil }
    return ImageItem(
      url: file, byteCount: values.fileSize, modificationDate: values.contentModificationDate)
  }

  /// The system's explanation of a listing failure, without Foundation's boilerplate.
  private static func reason(for error: any Error, at folder: URL) -> String {
    let nsError = error as NSError
    if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      posix.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(posix.code))
    {
      return String(cString: strerror(code.rawValue)).lowercased()
    }
    if nsError.domain == NSCocoaErrorDomain,
      nsError.code == CocoaError.fileReadNoPermission.rawValue
    {
      return "permission denied"
    }
    return nsError.localizedDescription
  }
}
