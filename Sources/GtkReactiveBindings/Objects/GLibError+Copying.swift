// `GError` values C keeps (a signal's argument, a GLArea's stored error) and ones made
// from Swift for a call: the other directions of `GLibError(consuming:)`.
import CGtk

extension GLibError {
  /// Copies `error`'s domain, code and message; C keeps the `GError`.
  package init(copying error: UnsafeRawPointer) {
    let value = error.assumingMemoryBound(to: GError.self).pointee
    self.init(
      domain: String(cString: g_quark_to_string(value.domain)), code: Int(value.code),
      message: value.message.map { String(cString: $0) } ?? "")
  }
}

/// `GError`s made from Swift values for one call.
package enum GLibErrors {
  /// A new `GError` with `error`'s domain (as a quark), code and message; the caller frees
  /// it with `g_error_free`.
  package static func make(_ error: GLibError) -> UnsafeMutablePointer<GError> {
    g_error_new_literal(
      g_quark_from_string(error.domain), Int32(clamping: error.code), error.message)
  }
}
