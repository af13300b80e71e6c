// Plain C structs (rectangles, colours, iterators) copied between C and Swift values.
import CGtk

/// Copies of plain C structs that GTK passes by pointer, for the Swift value types of
/// `Values/` and the generated members that take and return them.
nonisolated package enum CValues {
  /// The struct a signal passes by pointer (`nil` for NULL).
  @inline(__always) static package func load<T>(_ raw: UnsafeMutableRawPointer?, as type: T.Type)
    -> T?
  {
    raw?.assumingMemoryBound(to: T.self).pointee
  }

  /// A heap copy of `value` for one C call that may take NULL; free it with
  /// `deallocate()`.
  package static func copy<T>(_ value: T?) -> UnsafeMutablePointer<T>? {
    guard let value else { return nil }
    let copy = UnsafeMutablePointer<T>.allocate(capacity: 1)
    copy.initialize(to: value)
    return copy
  }

  /// A heap copy of `bytes` for one C call that reads them (never NULL, even for no
  /// bytes, since C may check the pointer before the length); free it with
  /// `deallocate()`.
  package static func copyBytes(_ bytes: [UInt8]) -> UnsafeMutablePointer<UInt8> {
    let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    _ = UnsafeMutableBufferPointer(start: copy, count: bytes.count).initialize(from: bytes)
    return copy
  }

  /// The struct a C function gives (`transfer full`), which `free` then frees.
  package static func take<T>(
    _ pointer: UnsafeMutablePointer<T>?, free: (UnsafeMutablePointer<T>?) -> Void
  ) -> T? {
    guard let pointer else { return nil }
    defer { free(pointer) }
    return pointer.pointee
  }

  /// The struct a boxed GValue holds (`nil` for NULL).
  package static func read<T>(_ value: UnsafePointer<GValue>, as type: T.Type) -> T? {
    g_value_get_boxed(value)?.assumingMemoryBound(to: T.self).pointee
  }

  /// Stores a copy of `value` in a boxed GValue.
  package static func write<T>(_ value: T, to gvalue: UnsafeMutablePointer<GValue>) {
    withUnsafePointer(to: value) { g_value_set_boxed(gvalue, $0) }
  }
}
