// GLib's growable arrays (`GArray`) a signal lends, copied into Swift arrays.
import CGtk

nonisolated package enum GArrays {
  /// The process ids in a `GArray` of `GPid`s (none when it is NULL or empty): what
  /// `GMountOperation::show-processes` passes.
  package static func pids(_ pointer: UnsafeMutableRawPointer?) -> [Int] {
    guard let array = pointer?.assumingMemoryBound(to: GArray.self).pointee,
      let data = array.data, array.len > 0
    else { return [] }
    let pids = UnsafeRawPointer(data).assumingMemoryBound(to: GPid.self)
    return (0..<Int(array.len)).map { Int(pids[$0]) }
  }
}
