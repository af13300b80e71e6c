// The running executable's real path, without Foundation's main bundle.
import Foundation
import ImageBrowserCore

/// Where the running executable is, its links resolved: the kernel's `/proc/self/exe`.
///
/// `Bundle.main` answers too, but making the main bundle costs ~22 million instructions
/// on the first call (on the main thread before the first image, where the app looks
/// for its translations and its decoder helper); one `readlink` costs next to nothing.
/// Falls back to `Bundle.main` where `/proc` is not mounted.
package nonisolated enum RunningExecutable {
  /// The executable's path (links resolved), or `nil` when neither `/proc/self/exe` nor
  /// Foundation knows it.
  package static let url: URL? = {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if length > 0 {
      let bytes = buffer[..<length].map { UInt8(bitPattern: $0) }
      return FilePathBytes.url(forPath: bytes)
    }
    return Bundle.main.executableURL?.resolvingSymlinksInPath()
  }()
}
