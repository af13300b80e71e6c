// The progress GIO's file operations report, as Swift values.

/// How far a copy or move has come (`GFileProgressCallback`): what
/// `file.rx.copy(_:flags:)` sends before its result, and what `copy(…, progress:)` hands
/// its closure.
nonisolated public struct FileProgress: Equatable, Hashable, Sendable {
  /// The bytes copied so far.
  public var currentBytes: Int
  /// The bytes to copy in all.
  public var totalBytes: Int

  /// A report of `currentBytes` of `totalBytes`.
  public init(currentBytes: Int, totalBytes: Int) {
    self.currentBytes = currentBytes
    self.totalBytes = totalBytes
  }

  /// The share done, 0 to 1 (1 for an empty file).
  public var fraction: Double {
    totalBytes > 0 ? Double(currentBytes) / Double(totalBytes) : 1
  }
}

/// How far a disk-usage measurement has come (`GFileMeasureProgressCallback`).
nonisolated public struct FileMeasureProgress: Equatable, Hashable, Sendable {
  /// Whether GIO is still reporting (`false` for the last report).
  public var isReporting: Bool
  /// The disk usage found so far, in bytes.
  public var diskUsage: Int
  /// The folders found so far.
  public var directories: Int
  /// The files found so far.
  public var files: Int

  /// A report of the sizes and counts so far.
  public init(isReporting: Bool, diskUsage: Int, directories: Int, files: Int) {
    self.isReporting = isReporting
    self.diskUsage = diskUsage
    self.directories = directories
    self.files = files
  }
}
