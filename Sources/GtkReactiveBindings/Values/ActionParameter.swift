// The Swift values an action's parameter (and a widget's action target) can carry.
import CGtk

/// A Swift type that travels as the `GVariant` parameter of a GAction: `String`, `Int32`,
/// `Bool` and `Double` are.
///
/// An action made for a `Command<Int32, …>` has parameter type `"i"`; a button whose
/// action target is `Int32(2)` activates it with 2:
///
/// ```swift
/// window.addAction("zoom", command: zoom)            // Command<Int32, Void, Never>
/// button.setAction("win.zoom", target: Int32(2))
/// ```
nonisolated public protocol ActionParameter: Hashable {
  /// The GVariant type string of the parameter (`"s"`, `"i"`, `"b"`, `"d"`).
  static var variantType: String { get }
  /// Reads a GVariant of type `variantType`; `nil` for another type.
  init?(variant: OpaquePointer)
  /// A new floating GVariant holding the value (the callee that takes it sinks it).
  func makeVariant() -> OpaquePointer
}

nonisolated extension String: ActionParameter {
  /// `"s"`.
  public static var variantType: String { "s" }
  /// Reads a string GVariant.
  public init?(variant: OpaquePointer) {
    guard Variants.has(variant, type: Self.variantType) else { return nil }
    self = String(cString: g_variant_get_string(variant, nil))
  }
  /// A string GVariant.
  public func makeVariant() -> OpaquePointer { g_variant_new_string(self) }
}

nonisolated extension Int32: ActionParameter {
  /// `"i"`.
  public static var variantType: String { "i" }
  /// Reads an `int32` GVariant.
  public init?(variant: OpaquePointer) {
    guard Variants.has(variant, type: Self.variantType) else { return nil }
    self = g_variant_get_int32(variant)
  }
  /// An `int32` GVariant.
  public func makeVariant() -> OpaquePointer { g_variant_new_int32(self) }
}

nonisolated extension Bool: ActionParameter {
  /// `"b"`.
  public static var variantType: String { "b" }
  /// Reads a boolean GVariant.
  public init?(variant: OpaquePointer) {
    guard Variants.has(variant, type: Self.variantType) else { return nil }
    self = g_variant_get_boolean(variant) != 0
  }
  /// A boolean GVariant.
  public func makeVariant() -> OpaquePointer { g_variant_new_boolean(self ? 1 : 0) }
}

nonisolated extension Double: ActionParameter {
  /// `"d"`.
  public static var variantType: String { "d" }
  /// Reads a double GVariant.
  public init?(variant: OpaquePointer) {
    guard Variants.has(variant, type: Self.variantType) else { return nil }
    self = g_variant_get_double(variant)
  }
  /// A double GVariant.
  public func makeVariant() -> OpaquePointer { g_variant_new_double(self) }
}

/// GVariant type checks and type values.
package nonisolated enum Variants {
  /// Whether `variant` has the type `type` (a type string).
  static func has(_ variant: OpaquePointer, type: String) -> Bool {
    String(cString: g_variant_get_type_string(variant)) == type
  }

  /// Runs `body` with a `GVariantType` for the type string `type`, freed afterwards.
  package static func withType<R>(_ type: String, _ body: (OpaquePointer) -> R) -> R {
    let variantType = g_variant_type_new(type)!
    defer { g_variant_type_free(variantType) }
    return body(variantType)
  }
}

extension Actionable {
  /// Sets the action the widget activates and the target it passes as the parameter
  /// (`setAction("win.zoom", target: Int32(2))`): the button shows as active when a
  /// stateful action's state equals the target.
  public func setAction<Target: ActionParameter>(_ name: String, target: Target) {
    gtk_actionable_set_action_name(opaque, name)
    gtk_actionable_set_action_target_value(opaque, target.makeVariant())
  }
}
