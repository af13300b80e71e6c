// The window's style follows the person's dark-style choice: GTK's dark theme variant.
import GtkReactive
import ImageBrowserCore
import Reactive

/// Asks GTK for the theme's dark variant while `ViewPreferences.prefersDarkStyle` holds,
/// as Eye of GNOME does: the header bar, the sidebar and the strip's scrollbar are then
/// as dark as the viewer, instead of a light frame around a dark picture.
///
/// GTK keeps the choice per screen (`gtk-application-prefer-dark-theme` of its
/// `GtkSettings`), so every window of the app shows whichever choice was made last.
/// Turned off, the property is reset rather than set to `false`: the value from the
/// person's own GTK configuration (`settings.ini`) then applies again.
enum DarkStyle {
  /// Applies `preferences.prefersDarkStyle` now and on every change, until the result is
  /// disposed.
  static func bind(_ preferences: ViewPreferences) -> any Disposable {
    preferences.prefersDarkStyle.signal.distinctUntilChanged()
      .subscribe(next: { prefersDark in apply(prefersDark) })
  }

  /// Sets or resets the dark variant for the default screen.
  static func apply(_ prefersDark: Bool) {
    guard let settings = GtkReactive.Settings.default else { return }
    if prefersDark {
      if !settings.gtkApplicationPreferDarkTheme { settings.gtkApplicationPreferDarkTheme = true }
    } else {
      settings.resetProperty("gtk-application-prefer-dark-theme")
    }
  }
}
