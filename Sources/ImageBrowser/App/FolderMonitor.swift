// The open folder watched by GIO: GtkReactive's FileMonitor turned into folder changes.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// Follows a folder with a `GFileMonitor`: subscribing starts watching, disposing
/// stops. A folder that cannot be watched reports nothing (the browser still shows
/// what it listed).
package struct FolderMonitor: FolderWatching {
  /// A watcher over GIO.
  package init() {}

  package func changes(in folder: URL) -> Signal<FolderChange, Never> {
    Signal.deferred {
      guard let monitor = try? FileMonitor.watchingFolder(atPath: FilePathBytes.bytes(of: folder))
      else { return .never() }
      // GIO reports a file being written every 800 ms by default; the browser waits
      // for the finished write anyway.
      return monitor.rx.changes
        .compactMap { change in Self.folderChange(change) }
        .on(disposed: { monitor.cancel() })
    }
  }

  /// The browser's view of a GIO change; attribute changes alone are not shown.
  static func folderChange(_ change: FileChange) -> FolderChange? {
    let url = FilePathBytes.url(forPath: change.path)
    switch change.kind {
    case .created: return .added(url)
    case .deleted: return .removed(url)
    case .changed: return .modified(url)
    case .renamed:
      return change.otherPath.map { .renamed(from: url, to: FilePathBytes.url(forPath: $0)) }
    case .attributesChanged: return nil
    }
  }
}
