// New GObjects with construct properties: how variadic C constructors are replaced.
import CGtk

/// A property value for `Object.newInstance(of:properties:)`.
struct ConstructProperty {
  /// The property's name.
  let name: String
  /// Writes the value into a GValue initialized to the property's type.
  let write: (UnsafeMutablePointer<GValue>) -> Void

  init<Value: GValueConvertible>(_ name: String, _ value: Value) {
    self.name = name
    self.write = { GValues.write(value, to: $0) }
  }
}

extension Object {
  /// A new instance of `type` with `properties` set at construction
  /// (`g_object_new_with_properties`): what C's variadic constructors
  /// (`gtk_message_dialog_new`, `gtk_dialog_new_with_buttons`) do, without varargs, and
  /// the only way to set construct-only properties (`buttons`, `use-header-bar`).
  ///
  /// - Precondition: `type`'s class has every property named (traps naming the class and
  ///   property otherwise).
  static func newInstance(
    of type: GType, properties: [ConstructProperty]
  ) -> UnsafeMutableRawPointer {
    let objectClass = g_type_class_ref(type)!.assumingMemoryBound(to: GObjectClass.self)
    defer { g_type_class_unref(objectClass) }
    var values = [GValue](repeating: GValue(), count: properties.count)
    var names = properties.map { strdup($0.name) }
    defer { names.forEach { free($0) } }
    for (index, property) in properties.enumerated() {
      guard let spec = g_object_class_find_property(objectClass, property.name) else {
        preconditionFailure(
          "GtkReactive: \(String(cString: g_type_name(type))) has no property '\(property.name)'")
      }
      g_value_init(&values[index], cgtk_param_spec_value_type(spec))
      property.write(&values[index])
    }
    defer {
      for index in values.indices { g_value_unset(&values[index]) }
    }
    let instance = names.withUnsafeMutableBufferPointer { names in
      names.withMemoryRebound(to: UnsafePointer<CChar>?.self) { names in
        g_object_new_with_properties(type, guint(properties.count), names.baseAddress, values)
      }
    }
    return UnsafeMutableRawPointer(instance!)
  }
}
