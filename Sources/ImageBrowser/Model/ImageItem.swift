// One image file the browser can show: where it is and what the file system says about it.
import Foundation

/// An image file in the browsed folder: its location, the name to show, and the file
/// facts the info panel displays.
///
/// Two items are the same image when their URLs are equal (`id`); the other fields are
/// what the last scan saw. Pixel dimensions are not here: only decoding knows them.
nonisolated struct ImageItem: Hashable, Identifiable, Sendable, CustomStringConvertible {
  /// The file.
  let url: URL
  /// The file's size in bytes, when the file system reported it.
  let byteCount: Int?
  /// When the file's contents last changed, when known.
  let modificationDate: Date?

  /// An item for `url` with the given file facts.
  init(url: URL, byteCount: Int? = nil, modificationDate: Date? = nil) {
    self.url = url
    self.byteCount = byteCount
    self.modificationDate = modificationDate
  }

  /// The identity of the image: its file URL.
  var id: URL { url }

  /// The name to show: the file name with its extension, as Eye of GNOME shows it
  /// (bytes that are not UTF-8 show as U+FFFD).
  var displayName: String { FilePathBytes.displayName(of: url) }

  var description: String { displayName }
}
