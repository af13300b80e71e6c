// A GIF's frames as its image descriptors declare them, read before gdk-pixbuf sees it.
import Foundation

/// Walks a GIF's blocks (extensions and images, skipping their data sub-blocks) to find
/// a frame that declares no pixels: gdk-pixbuf 2.42's GIF loader makes a pixbuf of that
/// frame's size and prints two GLib criticals (`gdk_pixbuf_calculate_rowstride:
/// assertion 'width > 0' failed`) before it fails. Such a file is refused with a
/// message instead, before any loader runs. A file that ends early or goes wrong later
/// is left to the loader, which says so itself.
nonisolated enum GIFFrames {
  /// Whether the file open as `descriptor` is a GIF (`GIF87a` or `GIF89a`).
  static func isGIF(_ descriptor: Int32) -> Bool {
    var head = [UInt8](repeating: 0, count: 6)
    let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 6, 0) }
    return count == 6
      && (head.elementsEqual("GIF87a".utf8) || head.elementsEqual("GIF89a".utf8))
  }

  /// The first frame of the GIF in `descriptor` that declares a width or height of 0
  /// (its number, from 1), reading at most `limit` bytes with `pread`; `nil` when there
  /// is none as far as the file goes.
  static func firstEmptyFrame(_ descriptor: Int32, limit: Int = 64 << 20) -> Int? {
    var reader = BufferedReader(descriptor: descriptor, end: off_t(limit))
    reader.skip(6)  // signature and version
    guard let screen = reader.bytes(7) else { return nil }
    if screen[4] & 0x80 != 0 { reader.skip(3 << (Int(screen[4] & 0x07) + 1)) }
    var frame = 0
    while let introducer = reader.byte() {
      switch introducer {
      case 0x21:  // extension: a label, then data sub-blocks
        guard reader.byte() != nil, reader.skipSubBlocks() else { return nil }
      case 0x2C:  // image: its descriptor, a local table, the LZW code size, sub-blocks
        guard let image = reader.bytes(9) else { return nil }
        frame += 1
        let width = Int(image[4]) | Int(image[5]) << 8
        let height = Int(image[6]) | Int(image[7]) << 8
        if width == 0 || height == 0 { return frame }
        if image[8] & 0x80 != 0 { reader.skip(3 << (Int(image[8] & 0x07) + 1)) }
        guard reader.byte() != nil, reader.skipSubBlocks() else { return nil }
      default:  // the trailer, or something that is not a block
        return nil
      }
    }
    return nil
  }

  /// Bytes of a file read with `pread`, a buffer at a time, from its start.
  private struct BufferedReader {
    let descriptor: Int32
    let end: off_t
    var offset: off_t = 0
    var buffer: [UInt8] = []
    var position = 0

    init(descriptor: Int32, end: off_t) {
      self.descriptor = descriptor
      self.end = end
    }

    mutating func byte() -> UInt8? {
      if position == buffer.count {
        guard offset < end else { return nil }
        buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes {
          pread(descriptor, $0.baseAddress, $0.count, offset)
        }
        guard count > 0 else { return nil }
        buffer.removeSubrange(count...)
        offset += off_t(count)
        position = 0
      }
      defer { position += 1 }
      return buffer[position]
    }

    mutating func bytes(_ count: Int) -> [UInt8]? {
      var bytes: [UInt8] = []
      for _ in 0..<count {
        guard let byte = byte() else { return nil }
        bytes.append(byte)
      }
      return bytes
    }

    mutating func skip(_ count: Int) {
      let inBuffer = min(count, buffer.count - position)
      position += inBuffer
      offset += off_t(count - inBuffer)
    }

    /// Skips data sub-blocks up to their terminator; whether it came.
    mutating func skipSubBlocks() -> Bool {
      while let size = byte() {
        if size == 0 { return true }
        skip(Int(size))
      }
      return false
    }
  }
}
