// What the browser remembers between launches, and where it keeps it.
import Foundation

/// The browser's settings: what a person chose that should survive a restart.
package nonisolated struct Settings: Hashable, Sendable {
  /// The order folders are shown in.
  package var sortOrder = ImageSortOrder.name
  /// Whether that order runs backwards: Z to A, newest, largest or latest taken first.
  package var sortDescending = false
  /// Whether the properties sidebar (camera facts) shows.
  package var showsProperties = false
  /// Whether the thumbnail strip shows.
  package var showsStrip = true
  /// What the viewer paints behind the image.
  package var viewerBackground = ViewerBackground.checkerboard
  /// How long each image shows in a slideshow, in whole seconds.
  package var slideshowSeconds = 3
  /// Whether a slideshow starts again at the first image after the last.
  package var slideshowLoops = false
  /// Whether a slideshow shows the images in a random order.
  package var slideshowShuffles = false
  /// Whether the window asks the GTK theme for its dark variant, as Eye of GNOME does: the
  /// header, sidebar and strip then match the dark viewer.
  package var prefersDarkStyle = true

  /// The slideshow intervals a person can choose, in seconds.
  package static let slideshowSecondsRange = 1...3600

  /// The defaults, or the given values.
  package init(
    sortOrder: ImageSortOrder = .name, sortDescending: Bool = false, showsProperties: Bool = false,
    showsStrip: Bool = true,
    viewerBackground: ViewerBackground = .checkerboard, slideshowSeconds: Int = 3,
    slideshowLoops: Bool = false, slideshowShuffles: Bool = false, prefersDarkStyle: Bool = true
  ) {
    self.sortOrder = sortOrder
    self.sortDescending = sortDescending
    self.showsProperties = showsProperties
    self.showsStrip = showsStrip
    self.viewerBackground = viewerBackground
    self.slideshowSeconds = slideshowSeconds
    self.slideshowLoops = slideshowLoops
    self.slideshowShuffles = slideshowShuffles
    self.prefersDarkStyle = prefersDarkStyle
  }
}

/// Where settings are kept: a file in the app (`SettingsFile`), memory in tests.
/// Implementations never fail loudly: settings that cannot be read are the defaults,
/// and a failed save is only reported.
package nonisolated protocol SettingsStore: Sendable {
  /// The settings saved last, or the defaults.
  func load() -> Settings
  /// Keeps `settings` for the next `load`, here or in a later launch.
  func save(_ settings: Settings)
}

nonisolated extension SettingsStore {
  /// Loads the settings, changes them with `change` and saves them: one remembered choice.
  package func update(_ change: (inout Settings) -> Void) {
    var settings = load()
    change(&settings)
    save(settings)
  }
}

/// Settings kept in memory only: for tests, and for a view model not given a file, so
/// nothing is written unless the app asks for it.
package nonisolated final class InMemorySettings: SettingsStore, @unchecked Sendable {
  // @unchecked: `stored` is only read and written under `lock`.
  private let lock = NSLock()
  private var stored: Settings

  /// A store holding `settings`.
  package init(_ settings: Settings = Settings()) {
    stored = settings
  }

  package func load() -> Settings {
    lock.withLock { stored }
  }

  package func save(_ settings: Settings) {
    lock.withLock { stored = settings }
  }
}
