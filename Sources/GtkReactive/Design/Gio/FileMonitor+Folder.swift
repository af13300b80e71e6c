// Watching a folder: a GFileMonitor made from path bytes, its changes as Swift values.
import CGtk
import Reactive

/// Why a folder cannot be watched.
public struct FileMonitorError: Error, Hashable, Sendable {
  /// GIO's message.
  public let message: String
}

extension FileMonitor {
  /// Starts watching the folder whose path is `path` (the file system's bytes, which
  /// need not be UTF-8), reporting renames inside it as renames.
  ///
  /// A folder that does not exist yet is watched for its creation (GIO's local monitor
  /// watches the parent); other backends may refuse.
  ///
  /// - Throws: `FileMonitorError` when GIO cannot watch the path.
  public static func watchingFolder(atPath path: [UInt8]) throws(FileMonitorError) -> FileMonitor {
    var error: UnsafeMutablePointer<GError>?
    let monitor = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { buffer in
      let file = g_file_new_for_path(buffer.baseAddress)
      defer { g_object_unref(UnsafeMutableRawPointer(file)) }
      return g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error)
    }
    guard let monitor else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "Unknown error"
      if let error { g_error_free(error) }
      throw FileMonitorError(message: message)
    }
    return FileMonitor(takingOwnership: UnsafeMutableRawPointer(monitor))
  }
}
