// The Preferences dialog of one browser window, one at a time.
import GtkReactive
import ImageBrowserCore
import Reactive

/// Opens one window's Preferences dialog (`win.preferences`, Ctrl+comma), raising it if
/// it is open. The view choices themselves are toggle actions on `ViewPreferences`
/// (`win.properties`, `win.strip`); the viewer paints `preferences.viewerBackground`.
final class ViewControls {
  /// The open Preferences dialog, if any.
  private(set) var preferencesDialog: PreferencesDialog?

  private let window: Window
  private let preferences: ViewPreferences

  /// The controls of `window`, for `preferences`.
  init(window: Window, preferences: ViewPreferences) {
    self.window = window
    self.preferences = preferences
  }

  /// Shows the Preferences dialog (raising it if it is open).
  func showPreferences() {
    if let preferencesDialog {
      preferencesDialog.present()
      return
    }
    let dialog = PreferencesDialog(preferences: preferences, parent: window)
    dialog.onClose = { [weak self] in self?.preferencesDialog = nil }
    preferencesDialog = dialog
    dialog.present()
  }
}
