// What the keys of properties with no Swift value of their own read: byte arrays, bytes,
// pointer arrays and GTypes, which the generated members convert (converted_properties.py).
import CGtk

/// A `GByteArray` property's bytes, copied out of the GValue.
nonisolated package struct ByteArrayValue: GValueConvertible, Sendable {
  /// The bytes.
  package let bytes: [UInt8]

  /// `G_TYPE_BYTE_ARRAY`.
  package static var valueType: GType { g_byte_array_get_type() }

  /// A copy of the array the GValue holds; nil for NULL.
  package static func read(from value: UnsafePointer<GValue>) -> ByteArrayValue? {
    guard let array = g_value_get_boxed(value) else { return nil }
    return ByteArrayValue(
      bytes: CBytes.borrowByteArray(array.assumingMemoryBound(to: GByteArray.self)))
  }

  /// Writes a new array holding a copy of the bytes (the GValue owns it).
  package func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_take_boxed(value, CBytes.makeByteArray(bytes))
  }
}

/// A `GBytes` property's bytes, copied out of the GValue.
nonisolated package struct BytesValue: GValueConvertible, Sendable {
  /// The bytes.
  package let bytes: [UInt8]

  /// `G_TYPE_BYTES`.
  package static var valueType: GType { g_bytes_get_type() }

  /// A copy of what the `GBytes` the GValue holds; nil for NULL.
  package static func read(from value: UnsafePointer<GValue>) -> BytesValue? {
    CBytes.borrowBytes(OpaquePointer(g_value_get_boxed(value))).map { BytesValue(bytes: $0) }
  }

  /// Writes a new `GBytes` holding a copy of the bytes (the GValue owns it).
  package func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_take_boxed(value, UnsafeRawPointer(CBytes.makeBytes(bytes)))
  }
}

/// A `GType` property's type.
nonisolated package struct GTypeValue: GValueConvertible, Sendable {
  /// The type.
  package let type: GType

  /// `G_TYPE_GTYPE`.
  package static var valueType: GType { g_gtype_get_type() }

  /// The type the GValue holds.
  package static func read(from value: UnsafePointer<GValue>) -> GTypeValue? {
    GTypeValue(type: g_value_get_gtype(value))
  }

  /// Writes the type.
  package func write(to value: UnsafeMutablePointer<GValue>) { g_value_set_gtype(value, type) }
}

/// A `GPtrArray` property, referenced while the member converts its elements (it frees
/// them through its own free function when the last reference goes).
nonisolated package final class PointerArrayValue: GValueConvertible, @unchecked Sendable {
  // @unchecked: read once, converted by the member that read it, then released.
  private let array: UnsafeMutablePointer<GPtrArray>

  private init(referencing array: UnsafeMutablePointer<GPtrArray>) {
    self.array = g_ptr_array_ref(array)
  }

  deinit { g_ptr_array_unref(array) }

  /// `G_TYPE_PTR_ARRAY`.
  package static var valueType: GType { g_ptr_array_get_type() }

  /// A reference to the array the GValue holds; nil for NULL.
  package static func read(from value: UnsafePointer<GValue>) -> PointerArrayValue? {
    g_value_get_boxed(value).map {
      PointerArrayValue(referencing: $0.assumingMemoryBound(to: GPtrArray.self))
    }
  }

  /// Writes a reference to the array.
  package func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_set_boxed(value, UnsafeRawPointer(array))
  }

  /// Each element converted by `convert` while the array is referenced.
  package func values<Element>(_ convert: (UnsafeMutableRawPointer?) -> Element) -> [Element] {
    GPtrArrays.values(array, transfer: .none, convert)
  }
}
