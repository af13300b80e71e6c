// A GVariant type (`GVariantType`) as its type string.
import CGtk

/// A `GVariantType`, as its type string: what an action's `parameterType` and
/// `stateType` are (`"s"`, `"i"`, `"b"`, `"(ii)"`).
nonisolated public struct VariantType: Sendable, Hashable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The type string.
  public var string: String

  /// The type of type string `string` (GLib rejects invalid ones where it is used).
  public init(_ string: String) { self.string = string }

  /// The type of a string literal: `let type: VariantType = "s"`.
  public init(stringLiteral string: String) { self.string = string }

  /// The type string.
  public var description: String { string }

  /// A copy of the type GLib lends (`transfer none`).
  init(borrowing type: OpaquePointer) {
    string = CStrings.takeStringOrEmpty(g_variant_type_dup_string(type))
  }

  /// The type GLib gives (`transfer full`), which is then freed.
  init(taking type: OpaquePointer) {
    self.init(borrowing: type)
    g_variant_type_free(type)
  }

  /// The type a signal passes.
  init(borrowing type: UnsafeMutableRawPointer) { self.init(borrowing: OpaquePointer(type)) }

  /// A C copy of the type, for one call; free it with `freeCPointer(_:)`.
  func makeCPointer() -> OpaquePointer { g_variant_type_new(string) }

  /// Frees a copy made by `makeCPointer()`.
  static func freeCPointer(_ type: OpaquePointer?) {
    if let type { g_variant_type_free(type) }
  }
}

nonisolated extension VariantType: GValueConvertible {
  /// `G_TYPE_VARIANT_TYPE`.
  public static var valueType: GType { g_variant_type_get_gtype() }
  /// Reads a boxed `GVariantType`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> VariantType? {
    g_value_get_boxed(value).map { VariantType(borrowing: OpaquePointer($0)) }
  }
  /// Writes a copy of the type.
  public func write(to value: UnsafeMutablePointer<GValue>) {
    let type = makeCPointer()
    g_value_take_boxed(value, UnsafeRawPointer(type))
  }
}
