// What the image actions reach outside the window: recent files, wallpaper, file manager.
import Foundation
import GtkReactive

/// The desktop services a browser window uses, gathered so tests can give their own:
/// the recently used files list, the wallpaper folder and setting, the bus the file
/// manager answers on, and the default application launcher.
struct Desktop {
  /// The recently used files list the window adds opened files to and reads.
  let recentManager: RecentManager
  /// Where a wallpaper is copied before it is set (`$XDG_DATA_HOME/backgrounds`, as
  /// GNOME's own tools do).
  let wallpaperFolder: URL
  /// The GSettings schema holding the wallpaper (`picture-uri`, `picture-uri-dark`).
  let wallpaperSchema: String
  /// The message bus `org.freedesktop.FileManager1` is looked for on.
  let bus: DBusBus
  /// Opens a URI with its default application (`AnyAppInfo.launchDefaultForUri`).
  let openURI: (String) throws -> Void

  /// The user's desktop.
  static func user() -> Desktop {
    let environment = ProcessInfo.processInfo.environment
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
      ?? FileManager.default.homeDirectoryForCurrentUser
      .appendingPathComponent(".local/share", isDirectory: true)
    return Desktop(
      recentManager: RecentManager.default ?? RecentManager(),
      wallpaperFolder: dataHome.appendingPathComponent("backgrounds", isDirectory: true),
      wallpaperSchema: "org.gnome.desktop.background", bus: .session,
      openURI: { uri in try AnyAppInfo.launchDefaultForUri(uri, context: nil) })
  }
}
