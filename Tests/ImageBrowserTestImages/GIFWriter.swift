// Animated GIFs made byte by byte for tests: any frames, delays and loop count, no tools.
import Foundation

@testable import ImageBrowserTestSupport

/// Writes small GIFs with up to four colours: each frame fills the whole image with
/// its colour index per pixel. The LZW data sends a clear code before every pixel, so
/// the code size stays 3 bits (a valid, if uncompressed, GIF every decoder reads).
enum GIFWriter {
  /// A GIF of `width` × `height` whose frames are `frames` (one palette index per
  /// pixel, row by row, or one index for a whole frame), each shown for `delay`
  /// hundredths of a second; `loops` 0 repeats forever, `nil` plays once.
  static func make(
    width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], frames: [[UInt8]],
    delay: Int, loops: Int? = 0
  ) -> [UInt8] {
    precondition(palette.count <= 4)
    var bytes = Array("GIF89a".utf8)
    func word(_ value: Int) { bytes += [UInt8(value & 0xff), UInt8(value >> 8 & 0xff)] }
    word(width)
    word(height)
    bytes += [0x91, 0, 0]  // A global table of 4 colours, 2 bits of colour resolution.
    for index in 0..<4 {
      let colour = index < palette.count ? palette[index] : (0, 0, 0)
      bytes += [colour.0, colour.1, colour.2]
    }
    if let loops {
      bytes += [0x21, 0xff, 0x0b] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01]
      word(loops)
      bytes += [0x00]
    }
    for frame in frames {
      bytes += [0x21, 0xf9, 0x04, 0x04]  // Graphic control: do not dispose.
      word(delay)
      bytes += [0x00, 0x00]
      bytes += [0x2c]
      word(0)
      word(0)
      word(width)
      word(height)
      bytes += [0x00, 0x02]  // No local table; LZW minimum code size 2.
      let pixels = frame.count == 1 ? Array(repeating: frame[0], count: width * height) : frame
      var codes: [Int] = []
      for pixel in pixels { codes += [4, Int(pixel)] }  // Clear, then the pixel.
      codes.append(5)  // End of information.
      var packed: [UInt8] = []
      var accumulator = 0
      var bits = 0
      for code in codes {
        accumulator |= code << bits
        bits += 3
        while bits >= 8 {
          packed.append(UInt8(accumulator & 0xff))
          accumulator >>= 8
          bits -= 8
        }
      }
      if bits > 0 { packed.append(UInt8(accumulator & 0xff)) }
      var offset = 0
      while offset < packed.count {
        let count = min(255, packed.count - offset)
        bytes.append(UInt8(count))
        bytes += packed[offset..<offset + count]
        offset += count
      }
      bytes.append(0x00)
    }
    bytes.append(0x3b)
    return bytes
  }

  /// Three frames, red, green and blue, `delay` hundredths of a second each, looping.
  static func redGreenBlue(width: Int = 32, height: Int = 24, delay: Int = 10) -> [UInt8] {
    make(
      width: width, height: height, palette: [(255, 0, 0), (0, 255, 0), (0, 0, 255)],
      frames: [[0], [1], [2]], delay: delay)
  }
}

extension TemporaryFolder {
  /// Writes `bytes` to `name` in the folder and returns its URL.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) -> URL {
    let file = url.appendingPathComponent(name)
    try? Data(bytes).write(to: file)
    return file
  }

  /// Writes `text` to `name` in the folder and returns its URL.
  @discardableResult
  func write(_ name: String, text: String) -> URL { write(name, Array(text.utf8)) }
}
