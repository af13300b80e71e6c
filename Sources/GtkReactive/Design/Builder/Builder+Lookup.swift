// Objects of a UI definition by id, typed, with an error that says what went wrong.
import CGtk

/// Why `Builder.get(_:as:)` found no object.
public struct BuilderLookupError: Error, Equatable, CustomStringConvertible {
  /// The id asked for.
  public let id: String
  /// The type asked for (`Button`).
  public let expected: String
  /// The GObject type of the object with that id (`GtkEntry`), or `nil` when none has it.
  public let found: String?

  /// A sentence naming the id, the type asked for and what the UI file has.
  public var description: String {
    if let found {
      return "The object '\(id)' is a \(found), not a \(expected)."
    }
    return "The UI definition has no object with id '\(id)'."
  }
}

extension Builder {
  /// A builder holding the objects of the UI definition `xml`.
  ///
  /// - Throws: `GLibError` with GtkBuilder's message (line and column) when `xml` is not
  ///   a valid UI definition.
  public static func parsing(_ xml: String) throws(GLibError) -> Builder {
    let builder = Builder()
    // The exact length: GTK 3 declares it a `gsize`, so the "-1 for NUL-terminated" its
    // documentation allows clamps to 0 through the generated `UInt(clamping:)` and
    // nothing is parsed.
    try builder.addFromString(xml, length: xml.utf8.count)
    return builder
  }

  /// The object with `id`, as `T`.
  ///
  /// - Throws: `BuilderLookupError` naming the id and, when the object exists but is of
  ///   another type, both types.
  public func get<T: Object>(_ id: String, as type: T.Type = T.self) throws(BuilderLookupError)
    -> T
  {
    let raw = gtk_builder_get_object(pointer(as: GtkBuilder.self), id)
    guard let raw else {
      throw BuilderLookupError(id: id, expected: "\(T.self)", found: nil)
    }
    guard let object = Object.wrap(UnsafeMutableRawPointer(raw), as: T.self) else {
      throw BuilderLookupError(
        id: id, expected: "\(T.self)",
        found: String(cString: cgtk_object_type_name(UnsafeMutableRawPointer(raw))))
    }
    return object
  }

  /// The object with `id` as `T`, or `nil` when there is none or it is of another type.
  public func object<T: Object>(_ id: String, as type: T.Type = T.self) -> T? {
    try? get(id, as: T.self)
  }
}
