// Values a signal's handler writes back through a pointer argument.
import CGtk

extension SignalArguments {
  /// Writes `value`, clamped, into the `gint` a handler fills in
  /// (`GtkMenuItem::toggle-size-request`); nothing when the pointer is NULL.
  package static func writeInt32(_ raw: UnsafeMutableRawPointer?, with value: Int) {
    raw?.assumingMemoryBound(to: Int32.self).pointee = Int32(clamping: value)
  }
}
