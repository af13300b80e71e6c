// GLib's immutable typed value (`GVariant`) as a retained Swift reference.
import CGtk

/// A `GVariant`: GLib's immutable, typed value (an action's parameter and state, an
/// actionable widget's target, application options). Holds one reference, released on
/// deinit; GVariants never change, so a `Variant` may cross threads.
///
/// ```swift
/// let state = Variant(Int32(2))
/// action.state                         // Variant?
/// state.value(as: Int32.self)          // 2
/// ```
nonisolated public final class Variant: Sendable, Hashable, CustomStringConvertible {
  // `OpaquePointer` is not Sendable, its address is; a GVariant is immutable and its
  // reference count atomic.
  private let address: UInt

  /// The `GVariant *` (valid while this `Variant` lives).
  package var pointer: OpaquePointer { OpaquePointer(bitPattern: address)! }

  /// Adopts `variant`: sinks a floating reference, or takes over a full one.
  package init(taking variant: OpaquePointer) {
    if g_variant_is_floating(variant) != 0 { g_variant_ref_sink(variant) }
    address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(variant)))
  }

  /// Takes a reference of its own to a variant GLib lends (`transfer none`).
  convenience init(borrowing variant: OpaquePointer) {
    self.init(taking: g_variant_ref_sink(variant))
  }

  /// The variant a signal passes.
  convenience init(borrowing variant: UnsafeMutableRawPointer) {
    self.init(borrowing: OpaquePointer(variant))
  }

  /// A variant holding `value` (a `String`, `Int32`, `Bool` or `Double`).
  public convenience init<Value: ActionParameter>(_ value: Value) {
    self.init(taking: value.makeVariant())
  }

  deinit { g_variant_unref(pointer) }

  /// The value, when the variant holds a `Value` (`nil` for another type).
  public func value<Value: ActionParameter>(as type: Value.Type) -> Value? {
    Value(variant: pointer)
  }

  /// The items of a container (a tuple, an array, a dictionary entry, a boxed `v`), in
  /// order; `[]` for a basic value. A D-Bus reply is a tuple: the names `ListNames`
  /// returns are `reply.children[0].children.compactMap { $0.value(as: String.self) }`.
  public var children: [Variant] {
    guard g_variant_is_container(pointer) != 0 else { return [] }
    return (0..<Int(g_variant_n_children(pointer))).map {
      Variant(taking: g_variant_get_child_value(pointer, gsize($0)))
    }
  }

  /// The GVariant type string (`"s"`, `"i"`, `"(ii)"`, `"as"`…).
  public var typeString: String { String(cString: g_variant_get_type_string(pointer)) }

  /// The value in GVariant text format, with its type where it is ambiguous
  /// (`'text'`, `2`, `true`, `[1, 2]`).
  public var description: String {
    CStrings.takeStringOrEmpty(g_variant_print(pointer, 0))
  }

  /// Whether both hold the same type and value.
  public static func == (left: Variant, right: Variant) -> Bool {
    left === right
      || g_variant_equal(UnsafeRawPointer(left.pointer), UnsafeRawPointer(right.pointer)) != 0
  }

  /// Hashes the type and the value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(typeString)
    hasher.combine(description)
  }
}

nonisolated extension Variant: GValueConvertible {
  /// `G_TYPE_VARIANT`.
  public static var valueType: GType { cgtk_type_variant() }
  /// Reads the variant a GValue holds (`nil` for NULL).
  public static func read(from value: UnsafePointer<GValue>) -> Self? {
    g_value_get_variant(value).map { Self(borrowing: $0) }
  }
  /// Stores the variant (the GValue takes its own reference).
  public func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_set_variant(value, pointer)
  }
}
