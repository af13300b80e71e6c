// One image file the browser can show: where it is and what the file system says about it.
import Foundation

/// An image file in the browsed folder: its location, the name to show, and the file
/// facts the info panel displays.
///
/// Two items are the same image when their URLs are equal (`id`); the other fields are
/// what the last scan saw. Pixel dimensions are not here: only decoding knows them.
package nonisolated struct ImageItem: Hashable, Identifiable, Sendable, CustomStringConvertible {
  /// The file.
  package let url: URL
  /// The file's size in bytes, when the file system reported it.
  package let byteCount: Int?
  /// When the file's contents last changed, when known.
  package let modificationDate: Date?

  /// An item for `url` with the given file facts.
  package init(url: URL, byteCount: Int? = nil, modificationDate: Date? = nil) {
    self.url = url
    self.byteCount = byteCount
    self.modificationDate = modificationDate
  }

  /// The identity of the image: its file URL.
  package var id: URL { url }

  /// The name to show: the file name with its extension, as Eye of GNOME shows it
  /// (bytes that are not UTF-8 show as U+FFFD).
  package var displayName: String { FilePathBytes.displayName(of: url) }

  package var description: String { displayName }

  /// This item with its size and modification date read from the file system now (one
  /// `stat`, following links), for an item listed without them (a name-sorted scan
  /// does not `stat` each file). The item itself when the file cannot be `stat`ed.
  package func withFileFacts() -> ImageItem {
    var info = stat()
    let found = url.withFileSystemPath { stat($0, &info) == 0 }
    guard found else { return self }
    return ImageItem(url: url, facts: info)
  }

  /// An item for `url` with the size and modification time of `info`.
  package init(url: URL, facts info: stat) {
    self.init(
      url: url, byteCount: Int(info.st_size), modificationDate: Self.modificationDate(of: info))
  }

  /// The modification date `info` reports, as an item made from it carries it.
  static func modificationDate(of info: stat) -> Date {
    Date(
      timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
  }

  /// Whether the size and date are both known.
  package var hasFileFacts: Bool { byteCount != nil && modificationDate != nil }
}
