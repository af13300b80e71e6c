// Following the open folder: the changes a file monitor reports, as the browser sees them.
import Foundation
import Reactive

/// One change in the open folder.
package nonisolated enum FolderChange: Hashable, Sendable {
  /// A file appeared (created, copied or moved in).
  case added(URL)
  /// A file vanished (deleted or moved out).
  case removed(URL)
  /// A file's content or timestamps changed.
  case modified(URL)
  /// A file was renamed within the folder.
  case renamed(from: URL, to: URL)
}

/// Reports changes to a folder. The app uses `FolderMonitor` (GIO's file monitor);
/// tests send changes by hand.
package protocol FolderWatching {
  /// The changes in `folder` from now on, on the main thread, until disposed.
  func changes(in folder: URL) -> Signal<FolderChange, Never>
}

/// Watches nothing: for view models that do not follow their folder.
package struct NoFolderWatching: FolderWatching {
  /// A watcher that never reports.
  package init() {}

  package func changes(in folder: URL) -> Signal<FolderChange, Never> { .never() }
}
