// Set as Wallpaper: the image copied into the backgrounds folder, then GNOME's setting.
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// Sets an image as the desktop background the way GNOME's own tools do: a copy in
/// `$XDG_DATA_HOME/backgrounds/` (so the background survives the photo moving), then
/// `picture-uri` and `picture-uri-dark` of `org.gnome.desktop.background`.
///
/// A desktop without that schema gets a notice, not the abort GLib gives for a missing
/// schema.
@MainActor
final class Wallpaper {
  private let desktop: Desktop
  private let copying = QueueScheduler(qos: .userInitiated, name: "image-browser.wallpaper")

  /// The keys set, when the schema has them (`picture-uri-dark` is GNOME 42's).
  static let keys = ["picture-uri", "picture-uri-dark"]

  /// Sets wallpapers on `desktop`.
  init(desktop: Desktop) {
    self.desktop = desktop
  }

  /// Copies `item` into the backgrounds folder (in the background) and sets it; sends
  /// the notice to show (what was done, or why not), then completes.
  func set(_ item: ImageItem) -> Signal<Notice?, Never> {
    let schema = desktop.wallpaperSchema
    guard Gio.Settings.isInstalled(schema, keys: ["picture-uri"]) else {
      return .just(
        Notice(
          message: tr("This desktop has no wallpaper setting (no %s schema).", schema),
          isFailure: true))
    }
    let folder = WallpaperFolder(url: desktop.wallpaperFolder)
    return Signal<Result<URL, NSError>, Never> { observer, _ in
      do {
        observer.send(.success(try folder.store(item.url)))
      } catch {
        observer.send(.failure(error as NSError))
      }
      observer.sendCompleted()
      return Disposables.empty
    }
    .subscribe(on: copying)
    .observe(on: MainLoopScheduler.main)
    .map { result -> Notice? in
      switch result {
      case .success(let copy):
        Self.apply(copy, schema: schema)
        return Notice(message: tr("“%s” is now the desktop background", item.shownName))
      case .failure(let error):
        return Notice(
          message: tr(
            "Cannot set “%1$s” as the wallpaper: %2$s", item.shownName,
            error.localizedDescription),
          isFailure: true)
      }
    }
  }

  /// Points the wallpaper keys of `schema` at `copy`.
  private static func apply(_ copy: URL, schema: String) {
    let settings = Gio.Settings(schemaId: schema)
    for key in keys where Gio.Settings.isInstalled(schema, keys: [key]) {
      _ = settings.setString(key, value: copy.absoluteString)
    }
    Gio.Settings.sync()
  }
}
