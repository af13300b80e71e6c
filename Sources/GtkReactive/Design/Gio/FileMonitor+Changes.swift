// A folder's changes as a reactive signal: GFileMonitor::changed, translated.
import CGtk
import Reactive

/// One change a `FileMonitor` saw.
public struct FileChange: Sendable, Hashable {
  /// What happened.
  public enum Kind: Sendable, Hashable {
    /// A file appeared (created, or moved in from another folder).
    case created
    /// A file vanished (deleted, or moved out to another folder).
    case deleted
    /// A file's content changed and the writer is done (`CHANGES_DONE_HINT`).
    case changed
    /// A file inside the folder was renamed: `path` is the old name, `otherPath` the new.
    case renamed
    /// A file's attributes (permissions, times) changed.
    case attributesChanged
  }

  /// What happened.
  public let kind: Kind
  /// The file's path, as the file system's bytes.
  public let path: [UInt8]
  /// For `.renamed`, the new path.
  public let otherPath: [UInt8]?

  /// A change of `kind` to `path`.
  public init(kind: Kind, path: [UInt8], otherPath: [UInt8]? = nil) {
    self.kind = kind
    self.path = path
    self.otherPath = otherPath
  }
}

extension Reactive where Base: FileMonitor {
  /// `changed`, as the changes a person would notice: creations, deletions, finished
  /// writes, renames and attribute changes (moves in and out count as creations and
  /// deletions). Completes when the monitor is finalized.
  public var changes: Signal<FileChange, Never> {
    changed.compactMap { file, otherFile, eventType in
      FileChange(file: file, other: otherFile, event: GFileMonitorEvent(eventType.rawValue))
    }
  }
}

extension FileChange {
  /// The change GIO reports as `event` on `file` (and `other`), or `nil` for events
  /// nobody looking at a folder cares about (an unfinished write, a pre-unmount).
  init?(file: AnyFile, other: AnyFile?, event: GFileMonitorEvent) {
    guard let path = file.pathBytes else { return nil }
    switch event {
    case G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_MOVED_IN:
      self.init(kind: .created, path: path)
    case G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_MOVED_OUT:
      self.init(kind: .deleted, path: path)
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
      self.init(kind: .changed, path: path)
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
      self.init(kind: .attributesChanged, path: path)
    case G_FILE_MONITOR_EVENT_RENAMED:
      guard let newPath = other?.pathBytes else { return nil }
      self.init(kind: .renamed, path: path, otherPath: newPath)
    default:
      return nil
    }
  }
}
