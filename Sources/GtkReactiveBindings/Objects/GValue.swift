// Swift values to and from GValue: the currency of GObject properties and list models.
import CGtk

/// A Swift type that GObject properties and list-store columns can hold.
///
/// GLib converts between compatible types (an `Int32` property read as `Double`, …)
/// through `g_value_transform`, so the Swift type need not match the property's exactly.
nonisolated public protocol GValueConvertible {
  /// The GType this Swift type is stored as.
  static var valueType: GType { get }
  /// Reads a value from a GValue initialized with `valueType`; `nil` for a NULL object.
  static func read(from value: UnsafePointer<GValue>) -> Self?
  /// Writes into a GValue initialized with `valueType`.
  func write(to value: UnsafeMutablePointer<GValue>)
}

nonisolated extension Bool: GValueConvertible {
  /// `G_TYPE_BOOLEAN`.
  public static var valueType: GType { cgtk_type_boolean() }
  /// Reads a `gboolean`.
  public static func read(from value: UnsafePointer<GValue>) -> Bool? {
    g_value_get_boolean(value) != 0
  }
  /// Writes a `gboolean`.
  public func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_set_boolean(value, self ? 1 : 0)
  }
}

nonisolated extension Int32: GValueConvertible {
  /// `G_TYPE_INT`.
  public static var valueType: GType { cgtk_type_int() }
  /// Reads a `gint`.
  public static func read(from value: UnsafePointer<GValue>) -> Int32? { g_value_get_int(value) }
  /// Writes a `gint`.
  public func write(to value: UnsafeMutablePointer<GValue>) { g_value_set_int(value, self) }
}

nonisolated extension UInt32: GValueConvertible {
  /// `G_TYPE_UINT`.
  public static var valueType: GType { cgtk_type_uint() }
  /// Reads a `guint`.
  public static func read(from value: UnsafePointer<GValue>) -> UInt32? {
    g_value_get_uint(value)
  }
  /// Writes a `guint`.
  public func write(to value: UnsafeMutablePointer<GValue>) { g_value_set_uint(value, self) }
}

nonisolated extension Int: GValueConvertible {
  /// `G_TYPE_INT64`; GLib converts to and from `gint` properties.
  public static var valueType: GType { cgtk_type_int64() }
  /// Reads a `gint64`.
  public static func read(from value: UnsafePointer<GValue>) -> Int? {
    Int(g_value_get_int64(value))
  }
  /// Writes a `gint64`.
  public func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_set_int64(value, gint64(self))
  }
}

nonisolated extension Double: GValueConvertible {
  /// `G_TYPE_DOUBLE`.
  public static var valueType: GType { cgtk_type_double() }
  /// Reads a `gdouble`.
  public static func read(from value: UnsafePointer<GValue>) -> Double? {
    g_value_get_double(value)
  }
  /// Writes a `gdouble`.
  public func write(to value: UnsafeMutablePointer<GValue>) { g_value_set_double(value, self) }
}

nonisolated extension String: GValueConvertible {
  /// `G_TYPE_STRING`.
  public static var valueType: GType { cgtk_type_string() }
  /// Reads a string; NULL reads as the empty string.
  public static func read(from value: UnsafePointer<GValue>) -> String? {
    g_value_get_string(value).map { String(cString: $0) } ?? ""
  }
  /// Writes a copy of the string.
  public func write(to value: UnsafeMutablePointer<GValue>) { g_value_set_string(value, self) }
}

nonisolated extension Optional: GValueConvertible where Wrapped: GValueConvertible {
  /// The wrapped type's GType; `nil` is stored as the type's zero (NULL).
  public static var valueType: GType { Wrapped.valueType }
  /// Reads the wrapped value; a NULL object reads as `.some(nil)`.
  public static func read(from value: UnsafePointer<GValue>) -> Wrapped?? {
    .some(Wrapped.read(from: value))
  }
  /// Writes the wrapped value, or leaves the zero value for `nil`.
  public func write(to value: UnsafeMutablePointer<GValue>) { self?.write(to: value) }
}

nonisolated extension Object: GValueConvertible {
  /// The class's GType.
  public static var valueType: GType { MainActor.assumeIsolated { gType } }
  /// Wraps the object the value holds, or `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> Self? {
    guard let object = g_value_get_object(value) else { return nil }
    let address = UInt(bitPattern: object)
    return MainActor.assumeIsolated {
      Self.retained(UnsafeMutableRawPointer(bitPattern: address))
    }
  }
  /// Stores the object (the GValue takes its own reference).
  public func write(to value: UnsafeMutablePointer<GValue>) {
    let address = MainActor.assumeIsolated { UInt(bitPattern: pointer) }
    g_value_set_object(value, UnsafeMutableRawPointer(bitPattern: address))
  }
}

/// GValue plumbing for properties and transforms.
nonisolated package enum GValues {
  /// Runs `body` with a GValue initialized to `type`, unset afterwards.
  package static func with<R>(_ type: GType, _ body: (UnsafeMutablePointer<GValue>) -> R) -> R {
    var value = GValue()
    g_value_init(&value, type)
    defer { g_value_unset(&value) }
    return body(&value)
  }

  /// A GValue of `value`'s own type holding it, for one call (a generated member's
  /// `any GValueConvertible` argument: `Container.childSetProperty`); `g_value_unset` it.
  package static func holding(_ value: any GValueConvertible) -> GValue {
    var result = GValue()
    g_value_init(&result, type(of: value).valueType)
    value.write(to: &result)
    return result
  }

  /// Reads `from` (any type transformable to `V`) as `V`.
  package static func read<V: GValueConvertible>(_ from: UnsafePointer<GValue>, as: V.Type) -> V? {
    if cgtk_value_type(from) == V.valueType { return V.read(from: from) }
    return with(V.valueType) { converted in
      g_value_transform(from, converted) != 0 ? V.read(from: converted) : nil
    }
  }

  /// What a C function filled `value` with (a generated member's generic result:
  /// `Container.childGetProperty(_:propertyName:as:)`), read as `V`; `nil` when C left it
  /// unset or it does not transform to `V`.
  package static func filled<V: GValueConvertible>(_ value: UnsafePointer<GValue>, as: V.Type)
    -> V?
  {
    cgtk_value_type(value) == 0 ? nil : read(value, as: V.self)
  }

  /// Unsets `value` if a type was set in it (C may leave an out GValue untouched).
  package static func unset(_ value: UnsafeMutablePointer<GValue>) {
    if cgtk_value_type(value) != 0 { g_value_unset(value) }
  }

  /// Writes `value` into `to` (initialized to any type `V` transforms to).
  package static func write<V: GValueConvertible>(_ value: V, to: UnsafeMutablePointer<GValue>) {
    if cgtk_value_type(to) == V.valueType { return value.write(to: to) }
    with(V.valueType) { converted in
      value.write(to: converted)
      g_value_transform(converted, to)
    }
  }

  /// Writes what a callback returned into the GValue C initialized and asked it to fill
  /// (a filter model's computed column), converted to its type; `nil` leaves it as is.
  package static func fill(
    _ value: UnsafeMutablePointer<GValue>?, with result: (any GValueConvertible)?
  ) {
    guard let value, let result, cgtk_value_type(value) != 0 else { return }
    write(result, to: value)
  }

  /// Reads property `name` (of value type `type`) of `object` as `V`.
  package static func property<V: GValueConvertible>(
    _ object: UnsafeMutableRawPointer, _ name: String, type: GType, as: V.Type
  ) -> V? {
    with(type) { value in
      g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, value)
      return read(value, as: V.self)
    }
  }

  /// Sets property `name` (of value type `type`) of `object` to
  /// `newValue`.
  package static func setProperty<V: GValueConvertible>(
    _ object: UnsafeMutableRawPointer, _ name: String, type: GType, _ newValue: V
  ) {
    with(type) { value in
      write(newValue, to: value)
      g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, value)
    }
  }
}
