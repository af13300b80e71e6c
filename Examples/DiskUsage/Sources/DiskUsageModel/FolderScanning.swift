// What scanning a folder tree reports: progress, then the tree.
import Reactive

/// How far a scan has got.
public struct ScanProgress: Sendable, Hashable {
  /// Files counted so far.
  public var files: Int
  /// Folders entered so far.
  public var folders: Int
  /// Bytes counted so far.
  public var bytes: Int64

  /// Progress of `files` files in `folders` folders taking `bytes` bytes.
  public init(files: Int, folders: Int, bytes: Int64) {
    (self.files, self.folders, self.bytes) = (files, folders, bytes)
  }
}

/// One report of a scan.
public enum ScanEvent: Sendable, Hashable {
  /// The scan got this far.
  case progress(ScanProgress)
  /// The scan is complete: the tree under the folder.
  case finished(FolderNode)
}

/// Why a scan failed.
public struct ScanError: Error, Sendable, Hashable {
  /// A sentence for the user.
  public var message: String

  /// A failure described by `message`.
  public init(message: String) { self.message = message }
}

/// Scans a folder tree: a cold signal whose subscription starts the scan and whose
/// disposal cancels it; progress events, then one `finished`, then completion.
public protocol FolderScanning {
  /// The scan of the tree at `path`.
  func scan(_ path: String) -> Signal<ScanEvent, ScanError>
}
