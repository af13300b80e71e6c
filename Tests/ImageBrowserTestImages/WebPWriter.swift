// Animated WebPs made byte by byte for tests: solid-colour frames, any durations, no tools.

/// Writes animated WebPs whose frames are rectangles of one colour each, lossless.
///
/// Each frame is a VP8L bitstream with no transform and five one-symbol prefix codes
/// (green, red, blue, alpha, distance): every pixel is that colour and costs no bits, so
/// a frame is 13 bytes whatever its size. The container is RIFF/`WEBP` with `VP8X`
/// (animation flag, canvas size), an optional `ICCP`, `ANIM` (loop count) and one
/// `ANMF` per frame (offset, size, duration, blending and disposal).
enum WebPWriter {
  /// One frame: `colour` (`0xRRGGBB`) over the rectangle at `x`, `y` (even) of
  /// `width` × `height` (the whole canvas when `nil`), shown for `milliseconds`.
  struct Frame {
    var colour: UInt32
    var milliseconds: Int
    var x = 0
    var y = 0
    var width: Int?
    var height: Int?
    /// Drawn over the canvas (`false`) or blended with it (`true`; opaque frames look
    /// the same either way).
    var blends = false
    /// The rectangle is cleared to the background when the next frame comes.
    var disposes = false
  }

  /// An animation of `width` × `height` made of `frames`, played `loops` times (0 is
  /// forever), with `profile` (ICC bytes) in an `ICCP` chunk when given.
  static func make(
    width: Int, height: Int, frames: [Frame], loops: Int = 0, profile: [UInt8]? = nil
  ) -> [UInt8] {
    var body = Array("WEBP".utf8)
    var flags: UInt8 = 0x02  // Animation.
    if profile != nil { flags |= 0x20 }
    body += chunk("VP8X", [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1))
    if let profile { body += chunk("ICCP", profile) }
    body += chunk("ANIM", [0xff, 0xff, 0xff, 0xff, UInt8(loops & 0xff), UInt8(loops >> 8 & 0xff)])
    for frame in frames {
      let frameWidth = frame.width ?? width
      let frameHeight = frame.height ?? height
      var payload = le24(frame.x / 2) + le24(frame.y / 2)
      payload += le24(frameWidth - 1) + le24(frameHeight - 1) + le24(frame.milliseconds)
      payload.append((frame.blends ? 0 : 0x02) | (frame.disposes ? 0x01 : 0))
      payload += chunk("VP8L", solid(width: frameWidth, height: frameHeight, colour: frame.colour))
      body += chunk("ANMF", payload)
    }
    return Array("RIFF".utf8) + le32(body.count) + body
  }

  /// Three full-canvas frames, red, green, blue, of `durations` milliseconds.
  static func redGreenBlue(
    width: Int = 32, height: Int = 24, durations: [Int] = [100, 500, 250], loops: Int = 0,
    profile: [UInt8]? = nil
  ) -> [UInt8] {
    let colours: [UInt32] = [0xff0000, 0x00ff00, 0x0000ff]
    return make(
      width: width, height: height,
      frames: zip(colours, durations).map { Frame(colour: $0, milliseconds: $1) }, loops: loops,
      profile: profile)
  }

  /// A lossless bitstream of one opaque colour.
  private static func solid(width: Int, height: Int, colour: UInt32) -> [UInt8] {
    var bits = BitWriter()
    bits.write(0x2f, 8)  // Signature.
    bits.write(width - 1, 14)
    bits.write(height - 1, 14)
    bits.write(0, 1)  // No alpha used.
    bits.write(0, 3)  // Version 0.
    bits.write(0, 1)  // No transform.
    bits.write(0, 1)  // No colour cache.
    bits.write(0, 1)  // One prefix-code group (no meta codes).
    let red = Int(colour >> 16 & 0xff)
    let green = Int(colour >> 8 & 0xff)
    let blue = Int(colour & 0xff)
    for symbol in [green, red, blue, 255] {
      // A simple code of one 8-bit symbol.
      bits.write(1, 1)
      bits.write(0, 1)
      bits.write(1, 1)
      bits.write(symbol, 8)
    }
    // Distance: a simple code of one 1-bit symbol, 0 (never used).
    bits.write(1, 1)
    bits.write(0, 1)
    bits.write(0, 1)
    bits.write(0, 1)
    return bits.flushed + [0, 0, 0, 0]  // Padding the reader may prefetch.
  }

  private static func chunk(_ name: String, _ payload: [UInt8]) -> [UInt8] {
    var bytes = Array(name.utf8) + le32(payload.count) + payload
    if payload.count % 2 == 1 { bytes.append(0) }
    return bytes
  }

  private static func le24(_ value: Int) -> [UInt8] {
    [UInt8(value & 0xff), UInt8(value >> 8 & 0xff), UInt8(value >> 16 & 0xff)]
  }

  private static func le32(_ value: Int) -> [UInt8] {
    le24(value) + [UInt8(value >> 24 & 0xff)]
  }

  /// Bits least significant first, as VP8L reads them.
  private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var accumulator = 0
    private var count = 0

    mutating func write(_ value: Int, _ width: Int) {
      accumulator |= (value & (1 << width - 1)) << count
      count += width
      while count >= 8 {
        bytes.append(UInt8(accumulator & 0xff))
        accumulator >>= 8
        count -= 8
      }
    }

    var flushed: [UInt8] { count > 0 ? bytes + [UInt8(accumulator & 0xff)] : bytes }
  }
}
