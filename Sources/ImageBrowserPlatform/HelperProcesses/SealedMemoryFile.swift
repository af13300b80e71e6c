// Bytes in a sealed, anonymous memory file: how large data crosses to and from a helper.
import CDecoderIPC
import Foundation

/// A sealed memory file (`memfd_create`): written once, then sealed against writing,
/// shrinking and growing, so the process that receives its descriptor can map it and
/// trust that no byte or size changes under the mapping. Anonymous: it goes with its
/// last descriptor, so a process killed halfway leaves nothing behind.
package nonisolated enum SealedMemoryFile {
  /// A new sealed file of `length` bytes filled by `fill` (which gets a writable
  /// mapping of exactly that length); its descriptor, or `nil` when it cannot be made
  /// (out of memory).
  static func make(length: Int, _ fill: (UnsafeMutableRawPointer) -> Void) -> Int32? {
    guard length > 0 else { return nil }
    let descriptor = cipc_memfd_create("image-browser-shared")
    guard descriptor >= 0 else { return nil }
    guard ftruncate(descriptor, off_t(length)) == 0,
      let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
      mapping != MAP_FAILED
    else {
      close(descriptor)
      return nil
    }
    fill(mapping)
    munmap(mapping, length)
    // Sealed once no writable mapping is left: from now on nobody can change a byte.
    guard cipc_seal(descriptor) == 0 else {
      close(descriptor)
      return nil
    }
    return descriptor
  }

  /// A private mapping of the first `length` bytes of the sealed file `descriptor`
  /// (`length` `nil`: all of it) and its length; `nil` unless the file is sealed and at
  /// least that long, so a peer gone wrong cannot make the reader fault past the end.
  /// The caller unmaps it. Does not take `descriptor`: the mapping outlives it.
  static func map(_ descriptor: Int32, length: Int? = nil) -> (
    address: UnsafeMutableRawPointer, length: Int
  )? {
    var info = stat()
    guard cipc_is_sealed(descriptor) != 0, fstat(descriptor, &info) == 0 else { return nil }
    let size = Int(info.st_size)
    let wanted = length ?? size
    guard wanted > 0, size >= wanted,
      // Private: a write would copy the page, never reach the other process's file.
      let mapping = mmap(nil, wanted, PROT_READ | PROT_WRITE, MAP_PRIVATE, descriptor, 0),
      mapping != MAP_FAILED
    else { return nil }
    return (mapping, wanted)
  }
}
