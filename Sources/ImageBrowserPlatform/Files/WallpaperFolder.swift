// The folder wallpapers are copied into, so the desktop keeps them when the photo moves.
import Foundation

/// The folder a wallpaper is copied into before it is set (`$XDG_DATA_HOME/backgrounds`,
/// as GNOME's Settings and Eye of GNOME do), so the background survives the photo being
/// renamed, moved or deleted.
package nonisolated struct WallpaperFolder: Sendable {
  /// The folder.
  package let url: URL

  /// The folder at `url` (made when the first wallpaper is stored).
  package init(url: URL) {
    self.url = url
  }

  /// Copies `image` into the folder under its own name and returns the copy's URL. A
  /// file of that name with the same bytes is reused; one with other bytes is kept, and
  /// the copy is named `NAME-2.EXT`, `NAME-3.EXT`… instead.
  package func store(_ image: URL) throws -> URL {
    let bytes = try Data(contentsOf: image)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let stem = image.deletingPathExtension().lastPathComponent
    let suffix = image.pathExtension.isEmpty ? "" : "." + image.pathExtension
    for attempt in 1...1_000 {
      let name = attempt == 1 ? stem + suffix : "\(stem)-\(attempt)\(suffix)"
      let target = url.appendingPathComponent(name)
      if let attributes = try? FileManager.default.attributesOfItem(atPath: target.path) {
        // Only a regular file is read back (a FIFO would never answer); a link, a
        // folder or other bytes keep the name taken.
        if attributes[.type] as? FileAttributeType == .typeRegular,
          (try? Data(contentsOf: target)) == bytes
        {
          return target
        }
        continue
      }
      try bytes.write(to: target, options: .withoutOverwriting)
      return target
    }
    throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: url.path])
  }
}
