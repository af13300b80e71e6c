// Open Recent: opened files and folders go to the recently used list; a menu reads it back.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// The recently used images and folders of the desktop's list (`GtkRecentManager`):
/// every file or folder the window opens is added, and `menu` (the primary menu's
/// *Open Recent*) lists the ten newest images and folders that still exist, each
/// opening through `win.open-recent`.
@MainActor
final class RecentImages {
  /// The list read and written.
  let manager: RecentManager
  /// The *Open Recent* submenu, kept current as the list changes.
  let menu = Gio.Menu()
  /// How many entries the menu shows.
  static let limit = 10
  private let bag = DisposeBag()

  /// Follows `manager`.
  init(manager: RecentManager) {
    self.manager = manager
    manager.rx.changed
      .subscribe(next: { [weak self] in self?.refresh() })
      .disposed(by: bag)
    refresh()
  }

  /// Adds `urls` (files or folders the user opened) to the list; ones that do not exist
  /// are left out. GTK reads each one's type in the background, then the list changes.
  func add(_ urls: [URL]) {
    for url in urls where url.isFileURL && FileManager.default.fileExists(atPath: url.path) {
      _ = manager.addItem(url.absoluteString)
    }
  }

  /// The entries the menu shows: images and folders, newest first.
  var entries: [RecentItem] {
    Array(
      manager.items
        .filter {
          $0.exists && ($0.mimeType.hasPrefix("image/") || $0.mimeType == "inode/directory")
        }
        .prefix(Self.limit))
  }

  private func refresh() {
    let entries = entries
    menu.removeAll()
    if entries.isEmpty {
      menu.append {
        MenuEntry.item(tr("No Recent Images"), action: "win.open-recent-none")
      }
      return
    }
    menu.append {
      for entry in entries {
        MenuEntry.item(
          ShownName.of(entry.displayName).replacingOccurrences(of: "_", with: "__"),
          action: "win.open-recent",
          target: entry.uri)
      }
    }
  }
}
