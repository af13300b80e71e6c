// Why a folder or file could not be opened, in words a person can act on.
import Foundation

/// Why the browser could not open what it was asked to open. `message` is shown in the
/// window in place of the images.
package nonisolated enum BrowseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Nothing exists at this path.
  case notFound(URL)
  /// The folder exists but cannot be listed (permissions, or not a folder at all);
  /// `reason` is the system's explanation.
  case unreadable(URL, reason: String)
  /// The file exists but is not of a supported image format.
  case notAnImage(URL)

  /// The path the error is about.
  package var url: URL {
    switch self {
    case .notFound(let url), .unreadable(let url, _), .notAnImage(let url): url
    }
  }

  /// A sentence for the window: what went wrong and with which path.
  package var message: String {
    switch self {
    case .notFound(let url):
      tr("“%s” does not exist.", ShownName.of(url.path))
    case .unreadable(let url, let reason):
      tr("The folder “%1$s” cannot be read: %2$s.", ShownName.of(url.path), reason)
    case .notAnImage(let url):
      tr("“%s” is not an image this browser can open.", FilePathBytes.shownName(of: url))
    }
  }

  package var description: String { message }
}
