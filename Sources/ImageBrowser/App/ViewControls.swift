// The view choices' keys and the Preferences dialog of one browser window.
import GtkReactive
import ImageBrowserCore
import Reactive

/// What one window does for `ViewPreferences`: the keys F9 (thumbnail strip), Alt+Return
/// (properties sidebar) and Ctrl+comma (Preferences), the Preferences dialog (one at a
/// time), and the viewer's background colour as a style rule.
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
  private let backgroundStyle = CssProvider()
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
    if let screen = Screen.default {
      StyleContext.addProviderForScreen(
        screen, provider: backgroundStyle, priority: StyleProviderPriority.application + 1)
    }
    preferences.viewerBackground.signal
      .subscribe(next: { [weak self] background in self?.apply(background) })
      .disposed(by: bag)
  }

  isolated deinit {
    if let screen = Screen.default {
      StyleContext.removeProviderForScreen(screen, provider: backgroundStyle)
    }
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

  /// Paints the viewer's background in `background`'s colour (a checkerboard is the
  /// viewer's own to paint: the standard colour stays behind it).
  private func apply(_ background: ViewerBackground) {
    guard case .color(let color) = background else {
      try? backgroundStyle.loadFromData("")
      return
    }
    try? backgroundStyle.loadFromData(".viewer { background-color: \(color.hex); }")
  }
}
