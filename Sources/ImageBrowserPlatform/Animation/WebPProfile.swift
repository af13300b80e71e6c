// The ICC profile of a WebP file, read from its ICCP chunk (webp-pixbuf-loader ignores it).
import Foundation

/// Reads the ICC profile a WebP file embeds, so that its still (or an animation's first
/// frame, the thumbnail) is colour-managed like the frames `WebPAnimation` plays:
/// gdk-pixbuf's WebP loader does not report it as an `icc-profile` option.
///
/// The extended format puts the `ICCP` chunk right after `VP8X` (whose ICC flag says it
/// is there), so only the file's head is read, with `pread` (the file position stays).
package nonisolated enum WebPProfile {
  /// The profile in the WebP open as `descriptor`; `nil` when the file is not an
  /// extended WebP with an `ICCP` chunk, or the chunk is empty, damaged or larger than
  /// `ColorManagement.maximumProfileSize`.
  package static func embedded(in descriptor: Int32) -> Data? {
    // RIFF, size, WEBP, then the VP8X chunk: its name, size (10) and flags.
    guard let head = bytes(descriptor, at: 0, count: 21),
      head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8),
      head[12..<16].elementsEqual("VP8X".utf8), littleEndian(head[16..<20]) == 10,
      head[20] & 0x20 != 0
    else { return nil }
    // VP8X's 10 bytes end at 30; the ICCP chunk follows.
    guard let chunk = bytes(descriptor, at: 30, count: 8),
      chunk[0..<4].elementsEqual("ICCP".utf8)
    else { return nil }
    let size = littleEndian(chunk[4..<8])
    guard size > 0, size <= ColorManagement.maximumProfileSize,
      let profile = bytes(descriptor, at: 38, count: size)
    else { return nil }
    return Data(profile)
  }

  /// `count` bytes at `offset`, or `nil` when the file is shorter.
  private static func bytes(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let read = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
      }
      if read < 0, errno == EINTR { continue }
      guard read > 0 else { return nil }
      filled += read
    }
    return buffer
  }

  /// A 32-bit little-endian number from four bytes.
  private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int {
    bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
  }
}
