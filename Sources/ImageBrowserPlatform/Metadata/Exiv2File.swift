// Opening a file's metadata with gexiv2: initialized once, never blocking, the very file opened.
import CExiv2Guard
import CGExiv2
import Foundation
import ImageBrowserCore

/// How the app hands a file to Exiv2 (through gexiv2): the file is opened with
/// `RegularFile.open` (non-blocking, refused unless regular: a FIFO named `.jpg` is
/// never waited on) and Exiv2 reads that very file through `/proc/self/fd`, so nothing
/// can be swapped in between. Exiv2's errors and the C++ exceptions gexiv2 lets through
/// are caught (`CExiv2Guard`) and read as "no metadata". Each call uses its own
/// `GExiv2Metadata`, so calls may run on any threads at once.
package nonisolated enum Exiv2File {
  /// Whether gexiv2 initialized (once per process, its log muted); if not, no file opens.
  static let isAvailable: Bool = {
    gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
    return gexiv2_initialize() != 0
  }()

  /// What `body` reads from the metadata of the regular, non-empty file at `url`;
  /// `nil` when it is not one, cannot be opened, or Exiv2 cannot read it.
  static func withMetadata<Result>(
    of url: URL, _ body: (UnsafeMutablePointer<GExiv2Metadata>) -> Result
  ) -> Result? {
    guard isAvailable else { return nil }
    let opened = url.withFileSystemPath { RegularFile.open($0) }
    guard case .success(let file) = opened else { return nil }
    defer { close(file.descriptor) }
    guard file.info.st_size > 0, let handle = gexiv2_metadata_new() else { return nil }
    defer { g_object_unref(handle) }
    var error: UnsafeMutablePointer<GError>?
    guard cexiv2_metadata_open_path(handle, "/proc/self/fd/\(file.descriptor)", &error) != 0
    else {
      g_clear_error(&error)
      return nil
    }
    return body(handle)
  }
}
