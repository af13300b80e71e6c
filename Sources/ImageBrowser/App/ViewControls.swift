// The view choices' keys and the Preferences dialog of one browser window.
import GtkReactive
import ImageBrowserCore
import Reactive

/// What one window does for `ViewPreferences`: the keys F9 (thumbnail strip), Alt+Return
/// (properties sidebar) and Ctrl+comma (Preferences), and the Preferences dialog (one at
/// a time). The viewer paints `preferences.viewerBackground` itself.
///
/// The keys are a key-press handler of their own beside `BrowserWindow`'s, until the
/// window's shortcuts become actions (then: `win.show-strip` F9, `win.show-properties`
/// `<Alt>Return`, toggle actions on the properties; `win.preferences` `<Primary>comma`
/// calling `showPreferences()`).
final class ViewControls {
  /// The open Preferences dialog, if any.
  private(set) var preferencesDialog: PreferencesDialog?

  private let window: Window
  private let preferences: ViewPreferences
  private let bag = DisposeBag()

  /// The controls of `window`, for `preferences`; `menu` is the header bar's view menu.
  init(window: Window, preferences: ViewPreferences, menu: ViewMenu) {
    self.window = window
    self.preferences = preferences
    window.rx.keyPressEvent
      .subscribe(next: { [weak self] event in
        if self?.handle(event.arguments) == true { event.stop() }
      })
      .disposed(by: bag)
    menu.preferencesItem.rx.clicked
      .subscribe(next: { [weak self] in self?.showPreferences() })
      .disposed(by: bag)
  }

  /// Handles F9, Alt+Return and Ctrl+comma; returns whether `key` was one of them.
  func handle(_ key: KeyEvent) -> Bool {
    let control = key.modifiers.contains(.control)
    let alt = key.modifiers.contains(.alt)
    switch key.name {
    case "F9" where !control && !alt:
      preferences.showsStrip.value.toggle()
    case "Return" where alt, "KP_Enter" where alt:
      preferences.showsProperties.value.toggle()
    case "comma" where control:
      showPreferences()
    default:
      return false
    }
    return true
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
