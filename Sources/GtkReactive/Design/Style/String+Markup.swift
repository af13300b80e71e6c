// Escaping text for Pango markup, by GLib's rules (`g_markup_escape_text`).
import CGtk

extension String {
  /// The text with Pango markup's special characters (`<`, `>`, `&`, `'`, `"`) escaped,
  /// so that it can be put inside markup as it is:
  ///
  /// ```swift
  /// label.setMarkup("<b>\(fileName.markupEscaped)</b>")
  /// ```
  ///
  /// GLib's utility functions are not in the GIR files the generator reads.
  nonisolated public var markupEscaped: String {
    guard let escaped = g_markup_escape_text(self, -1) else { return self }
    defer { g_free(escaped) }
    return String(cString: escaped)
  }
}
