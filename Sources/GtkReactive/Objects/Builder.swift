// Builder: widgets described in GtkBuilder .ui files.
import CGtk

/// A `GtkBuilder`: builds objects from a GtkBuilder XML (.ui) description.
///
/// ```swift
/// let builder = try Builder(file: "window.ui")
/// let button = builder.object("ok", as: Button.self)
/// ```
open class Builder: Object {
  /// `GtkBuilder`'s GType.
  open override class var gType: GType { gtk_builder_get_type() }

  var builder: UnsafeMutablePointer<GtkBuilder> { pointer(as: GtkBuilder.self) }

  /// Builds the objects described by the XML `string`.
  /// - Throws: `GLibError` when the description is invalid.
  public convenience init(string: String) throws(GLibError) {
    self.init(takingOwnership: gtk_builder_new())
    var error: UnsafeMutablePointer<GError>?
    if gtk_builder_add_from_string(builder, string, gsize.max, &error) == 0 {
      throw GLibError(consuming: error!)
    }
  }

  /// Builds the objects described by the .ui file at `path`.
  /// - Throws: `GLibError` when the file cannot be read or is invalid.
  public convenience init(file path: String) throws(GLibError) {
    self.init(takingOwnership: gtk_builder_new())
    var error: UnsafeMutablePointer<GError>?
    if gtk_builder_add_from_file(builder, path, &error) == 0 {
      throw GLibError(consuming: error!)
    }
  }

  /// The object with `id`, wrapped as `T`; `nil` when there is none or it is not a `T`.
  public func object<T: Object>(_ id: String, as type: T.Type = T.self) -> T? {
    Object.wrap(gtk_builder_get_object(builder, id).map(UnsafeMutableRawPointer.init), as: T.self)
  }
}
