// Cutting a JPEG without decoding it: libjpeg-turbo copies the DCT blocks inside the crop.
import CTurboJPEG
import Foundation
import ImageBrowserCore

/// Lossless JPEG crops with libjpeg-turbo's transform API, and the quality a JPEG was
/// saved at (for encoding an edit again at the same quality).
///
/// A JPEG's pixels are stored in blocks of 8 × 8 to 32 × 16 pixels (one MCU, by its
/// chroma subsampling). A crop whose left and top edges fall on block edges keeps the
/// blocks inside it as they are: no pixel is decoded or encoded again, so nothing is
/// lost, and the file's other markers (EXIF, the colour profile) are copied. A crop
/// anywhere else would need its edge blocks re-encoded, which `isLossless` reports.
package nonisolated enum JPEGTransform {
  /// What the crop needs of a JPEG's header.
  package struct Header: Hashable, Sendable {
    /// The stored size (before any EXIF orientation).
    package let size: PixelSize
    /// The size of one block of the crop grid.
    package let block: PixelSize
  }

  /// The header of the JPEG in `bytes`, or `nil` when libjpeg-turbo cannot read it.
  package static func header(of bytes: [UInt8]) -> Header? {
    guard let turbo = LibTurboJPEG.shared, let handle = turbo.initDecompress() else {
      return nil
    }
    defer { _ = turbo.destroy(handle) }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let read = bytes.withUnsafeBufferPointer { buffer in
      turbo.decompressHeader(
        handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling,
        &colorspace)
    }
    guard read == 0, subsampling >= 0, Int(subsampling) < Int(TJ_NUMSAMP) else {
      return nil
    }
    let blockWidths = [8, 16, 16, 8, 8, 32]
    let blockHeights = [8, 8, 16, 8, 16, 8]
    return Header(
      size: PixelSize(width: Int(width), height: Int(height)),
      block: PixelSize(
        width: blockWidths[Int(subsampling)], height: blockHeights[Int(subsampling)]))
  }

  /// Whether `rect` (in stored pixels) can be cut from a JPEG with `header` without loss.
  package static func isLossless(_ rect: PixelRect, in header: Header) -> Bool {
    rect.x % header.block.width == 0 && rect.y % header.block.height == 0
      && rect.clamped(to: header.size) == rect
  }

  /// The JPEG in `bytes` cut to `rect` (stored pixels, `isLossless`) without decoding:
  /// the same blocks, the same markers. Throws a sentence about `url` on failure.
  package static func crop(_ bytes: [UInt8], to rect: PixelRect, url: URL)
    throws(FileOperationError) -> [UInt8]
  {
    guard let turbo = LibTurboJPEG.shared else {
      // Unreached in practice: without the library `header(of:)` finds no header, and
      // the crop is encoded again instead. The reason is the library's own words.
      throw FileOperationError(
        url: url, message: tr("it cannot be cropped (%s)", "libturbojpeg.so.0 is missing"))
    }
    guard let handle = turbo.initTransform() else {
      throw FileOperationError(url: url, message: tr("there is not enough memory"))
    }
    defer { _ = turbo.destroy(handle) }
    var transform = tjtransform()
    transform.r = tjregion(
      x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
    transform.op = Int32(TJXOP_NONE.rawValue)
    transform.options = TJXOPT_CROP
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = bytes.withUnsafeBufferPointer { buffer in
      turbo.transform(
        handle, buffer.baseAddress, UInt(buffer.count), 1, &output, &size, &transform, 0)
    }
    defer { if let output { turbo.free(output) } }
    guard status == 0, let output else {
      let reason = turbo.errorString(handle).map { String(cString: $0) } ?? ""
      throw FileOperationError(url: url, message: tr("it cannot be cropped (%s)", reason))
    }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
  }

  /// The quality (1–100, libjpeg's scale) the JPEG in `bytes` was most likely saved at,
  /// estimated from its luminance quantisation table against libjpeg's standard one;
  /// `nil` when it has none to read.
  package static func quality(of bytes: [UInt8]) -> Int? {
    guard let table = luminanceTable(in: bytes) else { return nil }
    // libjpeg scales its standard table by `scale` percent: quality q < 50 gives
    // 5000 / q, otherwise 200 - 2q. The ratio of the sums undoes it.
    let scale = Double(table.reduce(0, +)) * 100 / Double(standardLuminance.reduce(0, +))
    let quality = scale <= 100 ? (200 - scale) / 2 : 5000 / scale
    return min(max(Int(quality.rounded()), 1), 100)
  }

  /// The values of quantisation table 0 (luminance) in `bytes`, in the file's zigzag
  /// order (only their sum counts).
  private static func luminanceTable(in bytes: [UInt8]) -> [Int]? {
    var offset = 2
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
      let marker = bytes[offset + 1]
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
      if marker == 0xDA || marker == 0xD9 { return nil }  // Scan data: no table came.
      if marker == 0xDB {
        var position = offset + 4
        let end = offset + 2 + length
        while position < end {
          let precision = bytes[position] >> 4
          let identifier = bytes[position] & 0x0F
          let count = precision == 0 ? 64 : 128
          guard position + 1 + count <= end else { return nil }
          let values =
            precision == 0
            ? bytes[(position + 1)..<(position + 65)].map(Int.init)
            : (0..<64).map {
              Int(bytes[position + 1 + 2 * $0]) << 8 | Int(bytes[position + 2 + 2 * $0])
            }
          if identifier == 0 { return values }
          position += 1 + count
        }
      }
      offset += 2 + length
    }
    return nil
  }

  /// libjpeg's standard luminance table (the JPEG standard's Annex K).
  private static let standardLuminance = [
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
    14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
  ]
}
