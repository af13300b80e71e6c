// The theme's dark variant asked for before GTK loads its theme, so the theme is parsed once.
import CGtk

extension Application {
  /// Makes GTK load its theme's dark variant (`gtk-application-prefer-dark-theme`) from
  /// the start. Call it before `run`.
  ///
  /// Setting `Settings.gtkApplicationPreferDarkTheme` once the application runs makes GTK
  /// parse its whole theme a second time and restyle and measure every widget again: for
  /// Adwaita about 120 million instructions, a sixth of a photo viewer's start-up. Asked
  /// for before `run`, the dark variant is the one GTK loads when it makes the screen's
  /// settings, and the theme is parsed once.
  ///
  /// From `startup` on the property is an ordinary setting: it reads `true`, and
  /// `Settings.resetProperty("gtk-application-prefer-dark-theme")` returns it to the
  /// person's own GTK configuration. Where that configuration (`settings.ini`) names the
  /// setting, its value is what GTK loads first; the property is then set to `true` at
  /// `startup`, at the price of the second parse. Called after `startup`, this sets the
  /// property at once.
  public func startsWithDarkTheme() {
    guard !hasStartedUp else {
      DarkThemeDefault.prefer(on: Settings.default)
      return
    }
    let previous = DarkThemeDefault.setDefault(true)
    // The subscription ends after the first `startup`, or with the application.
    _ = rx.startup.take(1).subscribe(next: {
      // GTK's `startup` handler has opened the display; the default screen's settings
      // exist from here on (made now if nothing asked for them yet), so the default
      // goes back to GTK's own.
      let settings = Settings.default
      DarkThemeDefault.setDefault(previous)
      DarkThemeDefault.prefer(on: settings)
    })
  }
}

/// The default value GTK gives `gtk-application-prefer-dark-theme` when it makes a
/// screen's `GtkSettings`.
///
/// GTK starts every setting of a new `GtkSettings` from its property's default, then
/// reads `settings.ini`, then loads the theme the settings name. GObject keeps a boolean
/// property's default in its public `GParamSpecBoolean` struct, and GTK offers no other
/// way to choose the variant before the first load (short of the `GTK_THEME` variable,
/// which would also replace the person's theme).
enum DarkThemeDefault {
  static let property = "gtk-application-prefer-dark-theme"

  /// Sets the default and returns the one it replaces.
  @discardableResult
  static func setDefault(_ prefersDark: Bool) -> Bool {
    // The class stays referenced for the process: GTK keeps its own reference from
    // the first `GtkSettings` on, and the specification must outlive this call.
    let settingsClass = g_type_class_ref(gtk_settings_get_type())
    guard
      let pspec = g_object_class_find_property(
        settingsClass?.assumingMemoryBound(to: GObjectClass.self), property)
    else { return false }
    return UnsafeMutableRawPointer(pspec).withMemoryRebound(
      to: GParamSpecBoolean.self, capacity: 1
    ) { boolean in
      let previous = boolean.pointee.default_value != 0
      boolean.pointee.default_value = prefersDark ? 1 : 0
      return previous
    }
  }

  /// Sets the property on `settings` unless it already holds, so a theme already dark
  /// is not parsed again.
  static func prefer(on settings: Settings?) {
    guard let settings, !settings.gtkApplicationPreferDarkTheme else { return }
    settings.gtkApplicationPreferDarkTheme = true
  }
}
