// How much memory libjpeg needs before it decodes a pixel: read from the file's headers.
import Foundation
import ImageBrowserCore

/// The frame of a JPEG as its headers declare it: the size, each component's sampling,
/// and whether the picture comes in several scans (progressive, or components sent in
/// separate scans).
///
/// A JPEG in one scan is decoded a band at a time, and scaled while decoding, so its
/// memory follows the output size. One in several scans is not: libjpeg keeps the DCT
/// coefficients of the whole picture until the last scan (16 bits for each of 64
/// coefficients per 8 × 8 block of every component), whatever size it outputs, so a
/// 54 KB progressive file declaring 15,000 × 15,000 made each decoder allocate 675 MB
/// for a 1,875 × 1,875 picture. `coefficientBytes` is that memory, known from the
/// headers before the decoder allocates it.
package nonisolated struct JPEGLayout: Equatable, Sendable {
  /// One component's sampling factors (1–4 each).
  package struct Component: Equatable, Sendable {
    package var horizontal: Int
    package var vertical: Int
  }

  /// The declared size.
  package var size: PixelSize
  /// The components, in frame order.
  package var components: [Component]
  /// Whether the picture comes in several scans (so the whole picture's coefficients
  /// are kept).
  package var isMultiScan: Bool

  /// The bytes of coefficients libjpeg keeps for the whole picture, as its coefficient
  /// controller allocates them (each component's blocks rounded up to whole MCUs); 0
  /// for a picture in one scan.
  package var coefficientBytes: Int {
    guard isMultiScan, size.width > 0, size.height > 0,
      let maxH = components.map(\.horizontal).max(),
      let maxV = components.map(\.vertical).max(), maxH > 0, maxV > 0
    else { return 0 }
    func ceil(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }
    func roundUp(_ a: Int, _ b: Int) -> Int { ceil(a, b) * b }
    return components.reduce(0) { total, component in
      let blocksWide = ceil(size.width * component.horizontal, 8 * maxH)
      let blocksHigh = ceil(size.height * component.vertical, 8 * maxV)
      return total
        + roundUp(blocksWide, component.horizontal) * roundUp(blocksHigh, component.vertical)
        * 64 * 2
    }
  }

  /// The layout declared by the JPEG in `descriptor` starting at byte `start`, read with
  /// `pread` (the file offset is left alone); `nil` when the headers up to the first
  /// scan cannot be read (not a JPEG, cut short, nonsense): the decoder then finds out.
  /// At most `limit` bytes are read, so a file of endless markers costs little.
  package static func read(_ descriptor: Int32, from start: off_t, limit: Int = 4 << 20)
    -> JPEGLayout?
  {
    var reader = Reader(descriptor: descriptor, offset: start, end: start + off_t(limit))
    guard reader.byte() == 0xFF, reader.byte() == 0xD8 else { return nil }
    var frame: (size: PixelSize, components: [(id: UInt8, Component)], progressive: Bool)?
    while let marker = reader.marker() {
      switch marker {
      case 0xD8, 0x01, 0xD0...0xD7:
        continue  // no length follows
      case 0xD9:
        return nil
      default:
        break
      }
      guard let length = reader.uint16(), length >= 2 else { return nil }
      let body = Int(length) - 2
      switch marker {
      case 0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
        guard body >= 6, reader.byte() != nil, let height = reader.uint16(),
          let width = reader.uint16(), let count = reader.byte(), count > 0,
          body >= 6 + 3 * Int(count)
        else { return nil }
        var components: [(id: UInt8, Component)] = []
        for _ in 0..<count {
          // Identifier, sampling factors, quantization table.
          guard let id = reader.byte(), let sampling = reader.byte(), reader.byte() != nil
          else { return nil }
          let horizontal = Int(sampling >> 4)
          let vertical = Int(sampling & 0x0F)
          guard (1...4).contains(horizontal), (1...4).contains(vertical) else { return nil }
          components.append((id, Component(horizontal: horizontal, vertical: vertical)))
        }
        reader.skip(body - 6 - 3 * Int(count))
        // Progressive: SOF2, SOF6, SOF10, SOF14.
        let progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
        frame = (PixelSize(width: Int(width), height: Int(height)), components, progressive)
      case 0xDA:
        guard let frame, let inScan = reader.byte() else { return nil }
        return JPEGLayout(
          size: frame.size, components: frame.components.map(\.1),
          isMultiScan: frame.progressive || Int(inScan) < frame.components.count)
      default:
        reader.skip(body)
      }
    }
    return nil
  }

  /// Bytes of a file read through `pread`, a buffer at a time.
  private struct Reader {
    let descriptor: Int32
    var offset: off_t
    let end: off_t
    var buffer: [UInt8] = []
    var position = 0

    init(descriptor: Int32, offset: off_t, end: off_t) {
      self.descriptor = descriptor
      self.offset = offset
      self.end = end
    }

    mutating func byte() -> UInt8? {
      if position == buffer.count {
        guard offset < end else { return nil }
        buffer = [UInt8](repeating: 0, count: 16 * 1024)
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

    mutating func uint16() -> UInt16? {
      guard let high = byte(), let low = byte() else { return nil }
      return UInt16(high) << 8 | UInt16(low)
    }

    /// The next marker's code, past any fill bytes; `nil` at the end or when the bytes
    /// there are not a marker.
    mutating func marker() -> UInt8? {
      guard byte() == 0xFF else { return nil }
      var code = byte()
      while code == 0xFF { code = byte() }
      return code
    }

    mutating func skip(_ count: Int) {
      guard count > 0 else { return }
      let inBuffer = min(count, buffer.count - position)
      position += inBuffer
      offset += off_t(count - inBuffer)
    }
  }
}
