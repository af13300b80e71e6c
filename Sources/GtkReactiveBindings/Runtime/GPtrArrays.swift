// GLib's pointer arrays (`GPtrArray`) C returns, read into Swift arrays.
import CGtk

/// Reads the elements of a `GPtrArray` C gives or lends into a Swift array.
nonisolated package enum GPtrArrays {
  /// Each element of `array` converted by `convert` (which references or copies what it
  /// keeps); an array C gave (`full`, `container`) is then unreferenced, which frees its
  /// elements through the free function C set on it. `[]` for NULL.
  package static func values<Element>(
    _ array: UnsafeMutablePointer<GPtrArray>?, transfer: ListTransfer,
    _ convert: (UnsafeMutableRawPointer?) -> Element
  ) -> [Element] {
    guard let array else { return [] }
    defer { if transfer != .none { g_ptr_array_unref(array) } }
    return (0..<Int(array.pointee.len)).map { convert(array.pointee.pdata[$0]) }
  }
}
