// A file read whole into memory from its start, for decoders that need every byte at once.
import Foundation
import ImageBrowserCore

/// Reads an open file whole, from offset 0 (with `pread`, so the descriptor's position is
/// left alone), in `ImageDecoder.chunkSize` pieces with a cancellation check between
/// them: libheif, libwebp's demuxer and librsvg each take a file as one buffer.
///
/// The size is checked from `fstat` before anything is allocated, so a file over the
/// decoder's limit costs nothing.
nonisolated enum WholeFile {
  /// Why a file was not read.
  enum Failure: Error, Equatable {
    /// It holds no bytes.
    case empty
    /// It is larger than the limit asked for.
    case tooLarge
    /// `fstat` or `pread` failed with this `errno`.
    case unreadable(Int32)
    /// `isCancelled` said the bytes are no longer wanted.
    case cancelled
  }

  /// The bytes of the file open as `descriptor`, if it holds 1 to `limit` bytes, in a new
  /// 16-byte-aligned buffer (libwebp reads words from its input) that the caller
  /// deallocates. A file that shrank while it was read comes back as far as it went,
  /// `isComplete` false: the caller decides whether a short file is damaged.
  static func read(
    _ descriptor: Int32, limit: Int, isCancelled: () -> Bool = { false }
  ) -> Result<(bytes: UnsafeMutableRawBufferPointer, isComplete: Bool), Failure> {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(errno)) }
    let size = Int(info.st_size)
    guard size > 0 else { return .failure(.empty) }
    guard size <= limit else { return .failure(.tooLarge) }
    let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
    var filled = 0
    while filled < size {
      if isCancelled() {
        bytes.deallocate()
        return .failure(.cancelled)
      }
      let count = pread(
        descriptor, bytes.baseAddress! + filled, min(ImageDecoder.chunkSize, size - filled),
        off_t(filled))
      if count < 0 {
        let error = errno
        if error == EINTR || error == EAGAIN { continue }
        bytes.deallocate()
        return .failure(.unreadable(error))
      }
      if count == 0 { break }
      filled += count
    }
    // Same start address: the caller's `deallocate()` frees the whole allocation.
    return .success((UnsafeMutableRawBufferPointer(rebasing: bytes[..<filled]), filled == size))
  }

  /// The file's bytes as `Data`, or `nil` when it is empty, over `limit`, unreadable or
  /// shorter than `fstat` said.
  static func data(_ descriptor: Int32, limit: Int) -> Data? {
    guard case .success(let read) = read(descriptor, limit: limit) else { return nil }
    defer { read.bytes.deallocate() }
    return read.isComplete ? Data(read.bytes) : nil
  }
}

extension WholeFile.Failure {
  /// The failure as the viewer says it.
  var decodeFailure: DecodeFailure {
    switch self {
    case .empty: .failed(tr("The file is empty (0 bytes)."))
    case .tooLarge: .failed(tr("The image is too large to show."))
    case .unreadable(let error):
      .failed(tr("The file cannot be read: %s.", String(cString: strerror(error))))
    case .cancelled: .cancelled
    }
  }
}
