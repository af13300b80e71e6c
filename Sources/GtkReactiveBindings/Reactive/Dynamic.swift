// Checks of members named at run time, shared by the dynamic API.
import CGtk

/// Looks up properties by name and checks them against a Swift type.
enum Dynamic {
  /// The spec of `name` on `object`'s class.
  static func spec(
    _ object: Object, _ name: String
  ) throws(GtkReactiveError) -> UnsafeMutablePointer<GParamSpec> {
    guard let spec = g_object_class_find_property(cgtk_object_get_class(object.pointer), name)
    else { throw .unknownProperty(type: object.typeName, name: name) }
    return spec
  }

  /// A key for reading property `name` of `object` as `Value`; `checked` also requires
  /// the property to be readable and convertible to `Value`.
  static func property<Value: GValueConvertible>(
    of object: Object, _ name: String, reading: Value.Type, checked: Bool = true
  ) throws(GtkReactiveError) -> PropertyKey<Value> {
    let spec = try spec(object, name)
    let type = cgtk_param_spec_value_type(spec)
    if checked {
      guard spec.pointee.flags.rawValue & G_PARAM_READABLE.rawValue != 0 else {
        throw .notReadable(type: object.typeName, property: name)
      }
      guard type == Value.valueType || g_value_type_transformable(type, Value.valueType) != 0
      else { throw mismatch(object, name, type, Value.self) }
    }
    return PropertyKey(name: name, valueType: type)
  }

  /// Requires property `name` of `object` to be settable now, from `Value`.
  static func checkWritable<Value: GValueConvertible>(
    _ object: Object, _ name: String, _ type: Value.Type
  ) throws(GtkReactiveError) {
    let spec = try spec(object, name)
    let flags = spec.pointee.flags.rawValue
    guard flags & G_PARAM_WRITABLE.rawValue != 0, flags & G_PARAM_CONSTRUCT_ONLY.rawValue == 0
    else { throw .notWritable(type: object.typeName, property: name) }
    let propertyType = cgtk_param_spec_value_type(spec)
    guard
      propertyType == Value.valueType
        || g_value_type_transformable(Value.valueType, propertyType) != 0
    else { throw mismatch(object, name, propertyType, Value.self) }
  }

  private static func mismatch<Value>(
    _ object: Object, _ name: String, _ type: GType, _ swift: Value.Type
  ) -> GtkReactiveError {
    .wrongValueType(
      type: object.typeName, property: name, propertyType: String(cString: g_type_name(type)),
      swiftType: "\(Value.self)")
  }
}

extension Object {
  /// The value of the GObject property `name`, read as `Value`.
  ///
  /// - Throws: `GtkReactiveError` when the class has no such property, it cannot be read,
  ///   or its values do not convert to `Value`.
  public func value<Value: GValueConvertible>(
    ofProperty name: String, as type: Value.Type = Value.self
  ) throws(GtkReactiveError) -> Value {
    self[try Dynamic.property(of: self, name, reading: Value.self)]
  }

  /// Sets the GObject property `name` to `value`.
  ///
  /// - Throws: `GtkReactiveError` when the class has no such property, it cannot be set,
  ///   or `Value` does not convert to its type.
  public func setValue<Value: GValueConvertible>(
    _ value: Value, forProperty name: String
  ) throws(GtkReactiveError) {
    try Dynamic.checkWritable(self, name, Value.self)
    let key = try Dynamic.property(of: self, name, reading: Value.self, checked: false)
    self[key] = value
  }
}
