// The Preferences dialog and the all-fields window of one browser window, one at a time.
import GtkReactive
import ImageBrowserCore
import Reactive

/// Opens one window's Preferences dialog (`win.preferences`, Ctrl+comma), raising it if
/// it is open. The view choices themselves are toggle actions on `ViewPreferences`
/// (`win.properties`, `win.strip`); the viewer paints `preferences.viewerBackground`.
final class ViewControls {
  /// The open Preferences dialog, if any.
  private(set) var preferencesDialog: PreferencesDialog?
  /// The open window of every metadata field, if any.
  private(set) var fieldsWindow: MetadataFieldsWindow?

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

  /// Shows the window listing every metadata field of `viewModel`'s current image
  /// (raising it if it is open).
  func showAllFields(of viewModel: AppViewModel) {
    if let fieldsWindow {
      fieldsWindow.present()
      return
    }
    let fields = MetadataFieldsWindow(viewModel: viewModel, parent: window)
    fields.onClose = { [weak self] in self?.fieldsWindow = nil }
    fieldsWindow = fields
    fields.present()
  }
}
