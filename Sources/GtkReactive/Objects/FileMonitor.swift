// A GFileMonitor: GIO's notification of files appearing, changing or vanishing in a folder.
import CGtk

/// Why a folder cannot be watched.
public struct FileMonitorError: Error, Hashable, Sendable {
  /// GIO's message.
  public let message: String
}

/// A `GFileMonitor` on one folder, reporting renames inside it as renames
/// (`G_FILE_MONITOR_WATCH_MOVES`). Its events arrive on the main loop through
/// `rx.changes`; `cancel()` (or releasing the last reference) stops it.
open class FileMonitor: Object {
  /// `GFileMonitor`'s GType.
  open override class var gType: GType { g_file_monitor_get_type() }

  /// Starts watching the folder whose path is `path` (the file system's bytes, which
  /// need not be UTF-8).
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

  /// Stops reporting; harmless when already cancelled.
  public func cancel() {
    g_file_monitor_cancel(pointer(as: GFileMonitor.self))
  }

  /// The shortest time between two `changed` reports of one file, in milliseconds
  /// (GIO's default is 800).
  public func setRateLimit(milliseconds: Int32) {
    g_file_monitor_set_rate_limit(pointer(as: GFileMonitor.self), milliseconds)
  }
}
