// Reaching a folder of the thumbnail cache without following a symbolic link on the way.
import CImaging
import Foundation
import ImageBrowserCore

/// Opens a folder below a trusted base one name at a time with `O_NOFOLLOW`, so a
/// symbolic link planted inside the cache (`thumbnails/normal -> ~/Photos`, say) is
/// refused instead of read or written through. The base itself may be a link, as
/// `$XDG_CACHE_HOME` often is.
///
/// Each step opens the next name relative to the descriptor of the previous folder, so
/// a folder swapped for a link between two calls is refused too.
package nonisolated enum NoFollowFolder {
  /// The folder `components` below `base`, opened for `openat` and `renameat`.
  ///
  /// - Parameters:
  ///   - creating: whether missing folders (and `base`) are made, with mode 0700.
  /// - Returns: its descriptor (the caller closes it), or `nil` when a component is a
  ///   link or not a folder, is missing and not to be made, or cannot be made.
  package static func open(_ components: [String], under base: URL, creating: Bool) -> Int32? {
    if creating, g_mkdir_with_parents(base.path, 0o700) != 0 { return nil }
    var folder = Glibc.open(base.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return nil }
    for name in components {
      var next = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      if next < 0, errno == ENOENT, creating {
        // EEXIST: made meanwhile by another thread or program; opened next either way.
        if mkdirat(folder, name, 0o700) == 0 || errno == EEXIST {
          next = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
      }
      close(folder)
      guard next >= 0 else { return nil }
      folder = next
    }
    return folder
  }
}
