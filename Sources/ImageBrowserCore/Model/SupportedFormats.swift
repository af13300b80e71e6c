// Which files count as images: a set of file name extensions.
import Foundation

/// The file name extensions the browser treats as images, compared without case.
///
/// The GTK layer builds the real set from gdk-pixbuf's loaders
/// (`gdk_pixbuf_get_formats`); `common` is the default for tests and for a machine
/// whose loaders cannot be queried.
package nonisolated struct SupportedFormats: Hashable, Sendable {
  /// The extensions, lowercased, without dots.
  package let extensions: Set<String>
  /// The length in bytes of the longest extension.
  let longestExtension: Int

  /// Formats with these extensions (with or without a leading dot, any case).
  package init<S: Sequence>(extensions: S) where S.Element == String {
    self.extensions = Set(
      extensions.map { ext in
        (ext.hasPrefix(".") ? String(ext.dropFirst()) : ext).lowercased()
      })
    longestExtension = self.extensions.map(\.utf8.count).max() ?? 0
  }

  /// The formats every gdk-pixbuf build reads, plus the common optional loaders.
  package static let common = SupportedFormats(extensions: [
    "jpg", "jpeg", "jpe", "jfif", "png", "gif", "bmp", "tif", "tiff", "webp", "svg",
    "svgz", "ico", "cur", "tga", "pnm", "pbm", "pgm", "ppm", "xpm", "xbm", "ani", "icns",
    "qtif", "avif", "heic", "heif", "jxl",
  ])
}
