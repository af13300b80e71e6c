// GLib's byte arrays (`GByteArray`) between C and Swift.
import CGtk

nonisolated extension CBytes {
  /// A new `GByteArray` holding a copy of `bytes`; the caller releases it with
  /// `g_byte_array_unref` (C takes its own reference where it keeps it).
  package static func makeByteArray(_ bytes: [UInt8]) -> UnsafeMutablePointer<GByteArray> {
    let array = g_byte_array_sized_new(guint(clamping: bytes.count))!
    _ = bytes.withUnsafeBufferPointer {
      g_byte_array_append(array, $0.baseAddress, guint($0.count))
    }
    return array
  }

  /// A copy of what a `GByteArray` C lends holds; `[]` for NULL.
  package static func borrowByteArray(_ array: UnsafeMutablePointer<GByteArray>?) -> [UInt8] {
    guard let array, let data = array.pointee.data, array.pointee.len > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: Int(array.pointee.len)))
  }

  /// A copy of what a `GByteArray` C gives (`transfer full`) holds, then released.
  package static func takeByteArray(_ array: UnsafeMutablePointer<GByteArray>?) -> [UInt8] {
    defer { if let array { g_byte_array_unref(array) } }
    return borrowByteArray(array)
  }
}
