// Where the freedesktop.org thumbnail cache keeps its files, and when a cached one is valid.
import Foundation

/// The two thumbnail sizes of the Thumbnail Managing Standard, each with its own folder.
package nonisolated enum ThumbnailFlavor: String, CaseIterable, Hashable, Sendable {
  /// At most 128 pixels on the longer side, in `thumbnails/normal/`.
  case normal
  /// At most 256 pixels on the longer side, in `thumbnails/large/`.
  case large

  /// The longest side a thumbnail of this flavor may have, in pixels.
  package var pixelSize: Int {
    switch self {
    case .normal: 128
    case .large: 256
    }
  }

  /// The smallest flavor whose thumbnails are at least `size` pixels, or `nil` when
  /// `size` is larger than any flavor (such thumbnails are not cached).
  package init?(fitting size: Int) {
    guard let flavor = Self.allCases.first(where: { $0.pixelSize >= size }) else { return nil }
    self = flavor
  }
}

/// The paths of the shared thumbnail cache under one cache home (`$XDG_CACHE_HOME`).
///
/// Only file names come from outside (the hex MD5 of a URI, made by the caller), so
/// every path this type builds stays inside `root`. The cache reaches its folders
/// through `components(for:)` and `failureComponents(application:)` without following
/// links below `cacheHome`.
package nonisolated struct ThumbnailCacheLayout: Hashable, Sendable {
  /// The folder `$XDG_CACHE_HOME` names.
  package let cacheHome: URL
  /// The `thumbnails` folder.
  package let root: URL

  /// The layout under `cacheHome`, the folder `$XDG_CACHE_HOME` names.
  package init(cacheHome: URL) {
    self.cacheHome = cacheHome
    root = cacheHome.appendingPathComponent(Self.rootName, isDirectory: true)
  }

  private static let rootName = "thumbnails"
  private static let failureName = "fail"

  /// The cache home the standard prescribes: `$XDG_CACHE_HOME` when it is set to an
  /// absolute path (the XDG spec says relative ones are invalid), else `~/.cache`.
  package static func cacheHome(xdgCacheHome: String?, home: URL) -> URL {
    if let value = xdgCacheHome, value.hasPrefix("/") {
      return URL(fileURLWithPath: value, isDirectory: true)
    }
    return home.appendingPathComponent(".cache", isDirectory: true)
  }

  /// The cache home of this process, from its environment and home folder.
  package static var processCacheHome: URL {
    cacheHome(
      xdgCacheHome: EnvironmentVariable.value(of: "XDG_CACHE_HOME"),
      home: FileManager.default.homeDirectoryForCurrentUser)
  }

  /// The folder of `flavor`'s thumbnails.
  package func directory(for flavor: ThumbnailFlavor) -> URL {
    root.appendingPathComponent(flavor.rawValue, isDirectory: true)
  }

  /// The folder where `application` records files it failed to thumbnail
  /// (`fail/<application>-<version>/`); each application has its own.
  func failureDirectory(application: String) -> URL {
    root.appendingPathComponent(Self.failureName, isDirectory: true)
      .appendingPathComponent(application, isDirectory: true)
  }

  /// The names of the folders from `cacheHome` down to `directory(for: flavor)`.
  package func components(for flavor: ThumbnailFlavor) -> [String] {
    [Self.rootName, flavor.rawValue]
  }

  /// The names of the folders from `cacheHome` down to `failureDirectory(application:)`.
  package func failureComponents(application: String) -> [String] {
    [Self.rootName, Self.failureName, application]
  }

  /// The thumbnail file for the URI whose MD5 is `hash`.
  package func thumbnail(hash: String, flavor: ThumbnailFlavor) -> URL {
    directory(for: flavor).appendingPathComponent(hash + ".png")
  }

  /// The failure record for the URI whose MD5 is `hash`.
  package func failure(hash: String, application: String) -> URL {
    failureDirectory(application: application).appendingPathComponent(hash + ".png")
  }
}

/// What a cached thumbnail must say about its source file to be valid: the source's URI
/// and modification time, stored in the PNG as `Thumb::URI` and `Thumb::MTime`.
package nonisolated struct ThumbnailStamp: Hashable, Sendable {
  /// The source file's canonical `file://` URI.
  package let uri: String
  /// The source file's modification time in whole seconds since the epoch.
  package let modificationTime: Int64

  /// The stamp of the file at `uri`, changed at `modificationTime`.
  package init(uri: String, modificationTime: Int64) {
    self.uri = uri
    self.modificationTime = modificationTime
  }

  /// `Thumb::MTime` as written: the decimal integer.
  package var modificationTimeText: String { String(modificationTime) }

  /// Whether a thumbnail carrying these text chunks belongs to this file as it is now.
  /// Both must be present and equal; a thumbnail of an older version of the file, or of
  /// another file that hashes alike, is stale.
  package func validates(uri storedURI: String?, modificationTime storedTime: String?) -> Bool {
    storedURI == uri && storedTime.flatMap { Int64($0) } == modificationTime
  }
}
