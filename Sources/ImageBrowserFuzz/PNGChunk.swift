// PNG chunks written by hand, for entries planted in the thumbnail cache.
import Foundation

/// Builds PNG chunks: length, type, data, CRC-32.
nonisolated enum PNGChunk {
  /// A `tEXt` chunk holding `keyword` and `text`.
  static func text(_ keyword: String, _ text: String) -> [UInt8] {
    chunk("tEXt", Array(keyword.utf8) + [0] + Array(text.utf8))
  }

  /// The chunk of `type` with `data`.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    withUnsafeBytes(of: value.bigEndian) { Array($0) }
  }

  /// The CRC-32 PNG uses (the zlib one).
  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
