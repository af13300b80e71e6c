// The priorities of style providers: macros in C, so GObject Introspection has no names.
import CGtk

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
