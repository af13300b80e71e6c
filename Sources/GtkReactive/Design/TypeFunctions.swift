// Functions of GTK classes that are not methods of an instance (GIR `<function>` members),
// which the generator does not emit yet: the few an application needs.
import CGtk

extension Screen {
  /// The default display's default screen (`gdk_screen_get_default`); `nil` before GTK
  /// is initialized or without a display.
  public static var `default`: Screen? {
    gdk_screen_get_default().map { Screen(retaining: $0) }
  }
}

extension IconTheme {
  /// The icon theme of the default screen (`gtk_icon_theme_get_default`); `nil` without
  /// a display.
  public static var `default`: IconTheme? {
    gtk_icon_theme_get_default().map { IconTheme(retaining: $0) }
  }
}

extension Window {
  /// Sets the icon every window without an icon of its own shows, by themed icon name
  /// (`gtk_window_set_default_icon_name`).
  public static func setDefaultIconName(_ name: String) {
    gtk_window_set_default_icon_name(name)
  }
}

extension StyleContext {
  /// Adds `provider` to every widget of `screen` at `priority` (for an application's
  /// style sheet, `StyleProviderPriority.application`), until removed
  /// (`gtk_style_context_add_provider_for_screen`).
  public static func addProvider(
    _ provider: any StyleProvider, forScreen screen: Screen, priority: Int
  ) {
    gtk_style_context_add_provider_for_screen(
      screen.opaque, provider.opaque, UInt32(clamping: priority))
  }

  /// Removes a provider `addProvider(_:forScreen:priority:)` added
  /// (`gtk_style_context_remove_provider_for_screen`).
  public static func removeProvider(_ provider: any StyleProvider, forScreen screen: Screen) {
    gtk_style_context_remove_provider_for_screen(screen.opaque, provider.opaque)
  }
}

/// The priorities of style providers (`GTK_STYLE_PROVIDER_PRIORITY_*`, macros in C).
public enum StyleProviderPriority {
  /// The theme's own rules.
  public static let theme = Int(GTK_STYLE_PROVIDER_PRIORITY_THEME)
  /// `gtk-*` settings.
  public static let settings = Int(GTK_STYLE_PROVIDER_PRIORITY_SETTINGS)
  /// An application's style sheet: above the theme.
  public static let application = Int(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION)
  /// The user's `gtk.css`: above everything else.
  public static let user = Int(GTK_STYLE_PROVIDER_PRIORITY_USER)
}
