// Loading a style sheet from a Swift string.
import CGtk

extension CssProvider {
  /// Loads the style sheet `css`, replacing what the provider held.
  ///
  /// `gtk_css_provider_load_from_data` takes a byte array and its length, which the
  /// generator does not map; a Swift string is the natural argument.
  ///
  /// - Throws: `GLibError` when the style sheet does not parse.
  public func loadFromData(_ css: String) throws(GLibError) {
    var error: UnsafeMutablePointer<GError>?
    gtk_css_provider_load_from_data(pointer(as: GtkCssProvider.self), css, -1, &error)
    if let error { throw GLibError(consuming: error) }
  }
}
