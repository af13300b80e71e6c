// The buffers of an asynchronous vectored write (`writev_async`), kept while GIO writes.
import CGtk

/// Copies of the buffers an asynchronous vectored write sends, which live as long as this
/// object (the generated operation's closures hold it), and the `GOutputVector` arrays
/// over them, a fresh one per call: `writev_all` advances its vectors as it writes, so a
/// second call must not start from the first's.
nonisolated final class COutputVectors: @unchecked Sendable {
  // @unchecked: `vectors()` runs on the main thread where each call starts; C reads the
  // arrays it returns until that call finishes.
  private let buffers: [CByteBuffer]
  private var arrays: [UnsafeMutablePointer<GOutputVector>] = []
  /// How many vectors there are.
  let count: Int

  /// Copies of `vectors`.
  init(_ vectors: [[UInt8]]) {
    buffers = vectors.map { CByteBuffer($0) }
    count = vectors.count
  }

  /// A new array of vectors over the copies, for one call; freed with this object.
  func vectors() -> UnsafeMutablePointer<GOutputVector> {
    let array = UnsafeMutablePointer<GOutputVector>.allocate(capacity: max(count, 1))
    for (index, buffer) in buffers.enumerated() {
      array[index] = GOutputVector(buffer: UnsafeRawPointer(buffer.raw), size: gsize(buffer.count))
    }
    arrays.append(array)
    return array
  }

  deinit { arrays.forEach { $0.deallocate() } }
}
