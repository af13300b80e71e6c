// What the dynamic API (members by name) says when a name or a type is wrong.

/// A mistake in a member named at run time: GtkReactive checks names and value types
/// before GLib sees them, so a typo is a Swift error naming the class and the member,
/// never a GLib critical. (The generated API makes these mistakes compile errors.)
public enum GtkReactiveError: Error, Equatable, CustomStringConvertible {
  /// The object's class has no signal of that name.
  case unknownSignal(type: String, name: String)
  /// The object's class has no property of that name.
  case unknownProperty(type: String, name: String)
  /// The property holds values GLib cannot convert to or from the Swift type.
  case wrongValueType(type: String, property: String, propertyType: String, swiftType: String)
  /// The property cannot be read.
  case notReadable(type: String, property: String)
  /// The property cannot be set (read-only, or settable only at construction).
  case notWritable(type: String, property: String)

  /// A sentence naming the class, the member and what is wrong.
  public var description: String {
    switch self {
    case .unknownSignal(let type, let name):
      return "\(type) has no signal '\(name)'."
    case .unknownProperty(let type, let name):
      return "\(type) has no property '\(name)'."
    case .wrongValueType(let type, let property, let propertyType, let swiftType):
      return "\(type).\(property) holds \(propertyType) values, which cannot be used as "
        + "\(swiftType)."
    case .notReadable(let type, let property):
      return "\(type).\(property) cannot be read."
    case .notWritable(let type, let property):
      return "\(type).\(property) cannot be set after construction."
    }
  }
}
