// An accelerator as GTK shows it to people ("Ctrl+Shift+R", "Page Down").
import CGtk

/// Accelerator strings in `gtk_accelerator_parse` syntax (`"<Primary>s"`, `"Page_Down"`).
public enum Accelerator {
  /// `accelerator` as GTK's menus show it, in the user's language: `"<Primary><Shift>r"`
  /// is `"Shift+Ctrl+R"`, `"Page_Down"` is `"Page Down"` (never a key's raw name with
  /// its underscores). `nil` when it does not parse.
  ///
  /// Needs the default display (GTK reads `<Primary>` from its keymap).
  public static func label(_ accelerator: String) -> String? {
    var key: guint = 0
    var modifiers = GdkModifierType(0)
    gtk_accelerator_parse(accelerator, &key, &modifiers)
    guard key != 0, let label = gtk_accelerator_get_label(key, modifiers) else { return nil }
    defer { g_free(label) }
    return String(cString: label)
  }
}
