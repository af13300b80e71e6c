// What the browser remembers between launches, and where it keeps it.
import Foundation

/// The browser's settings: what a person chose that should survive a restart.
package nonisolated struct Settings: Hashable, Sendable {
  /// The order folders are shown in.
  package var sortOrder = ImageSortOrder.name

  /// The defaults.
  package init(sortOrder: ImageSortOrder = .name) {
    self.sortOrder = sortOrder
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
