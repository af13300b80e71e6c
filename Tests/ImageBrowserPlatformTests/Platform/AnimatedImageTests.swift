// Animated GIFs: frames by time, looping, the first frame as thumbnail, bad files survived.
import CImaging
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

/// The colour of a cairo pixel, without alpha: `0xRRGGBB`.
func rgb(_ pixel: UInt32?) -> UInt32? { pixel.map { $0 & 0xff_ffff } }

extension ImageBrowserPlatformTests {
  @Suite("Animated images")
  @MainActor
  struct AnimatedImageTests {
    static let red: UInt32 = 0xff0000
    static let green: UInt32 = 0x00ff00
    static let blue: UInt32 = 0x0000ff

    @Test("an animation over 16 megapixels shows still, and says so, in the app and a helper")
    func tooLargeToPlay() throws {
      func little(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
      // Two 1 × 1 frames on a 4,100 × 4,100 screen: 17 megapixels a composited frame.
      let frame: [UInt8] =
        [0x21, 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00, 0x2C] + little(0) + little(0) + little(1)
        + little(1) + [0x00, 0x02, 0x02, 0x44, 0x01, 0x00]
      let bytes: [UInt8] =
        Array("GIF89a".utf8) + little(4100) + little(4100) + [0x80, 0, 0]
        + [0xC8, 0x50, 0x50, 0, 0, 0] + frame + frame + [0x3B]
      let folder = try TemporaryFolder(files: [])
      let url = folder.write("huge.gif", bytes)
      let expected =
        "This animation is 4,100 × 4,100 pixels; it is shown still (the browser plays animations of at most 16 megapixels)."
      let here = try ImageDecoder.decode(
        url, fitting: PixelSize(width: 400, height: 400), forViewer: true
      ).get()
      #expect(here.kind == .animated)
      #expect(here.animation == nil)
      #expect(here.notice == expected)
      let pool = try #require(TestDecoders.pool())
      let helped = try ImageDecoding(pool: pool).decode(
        url, fitting: PixelSize(width: 400, height: 400), forViewer: true
      ).get()
      #expect(helped.kind == .animated)
      #expect(helped.animation == nil)
      #expect(helped.notice == expected)
      // One of 16 megapixels or less plays.
      let small = folder.write("small.gif", GIFWriter.redGreenBlue())
      #expect(
        try ImageDecoding(pool: pool).decode(small, fitting: nil, forViewer: true).get().animation
          != nil)
    }

    @Test("a 3-frame GIF plays its frames at their delays and loops")
    func framesByTime() throws {
      let folder = try TemporaryFolder(files: [])
      let url = folder.write("spin.gif", GIFWriter.redGreenBlue(delay: 10))
      let image = try ImageDecoder.decode(url, fitting: nil, forViewer: true).get()
      let animation = try #require(image.animation, "decoded as an animation")
      #expect(animation.size == PixelSize(width: 32, height: 24))
      let expected: [(Duration, UInt32)] = [
        (.zero, Self.red), (.milliseconds(150), Self.green), (.milliseconds(250), Self.blue),
        (.milliseconds(350), Self.red), (.milliseconds(1_050), Self.green),
      ]
      for (time, colour) in expected {
        let frame = animation.frame(at: time)
        #expect(rgb(frame.frame.pixel(x: 16, y: 12)) == colour, "frame at \(time)")
        let remaining = try #require(frame.remaining, "a looping animation never stays")
        #expect(remaining > .zero && remaining <= .milliseconds(100))
      }
      // Shown again from the start (an earlier time): a new iterator, frame 1 again.
      #expect(rgb(animation.frame(at: .milliseconds(10)).frame.pixel(x: 0, y: 0)) == Self.red)
    }

    @Test("a GIF that plays once stays on its last frame")
    func playsOnce() throws {
      let folder = try TemporaryFolder(files: [])
      let bytes = GIFWriter.make(
        width: 8, height: 8, palette: [(255, 0, 0), (0, 255, 0)], frames: [[0], [1]], delay: 10,
        loops: nil)
      let image = try ImageDecoder.decode(
        folder.write("once.gif", bytes), fitting: nil, forViewer: true
      ).get()
      let animation = try #require(image.animation)
      let last = animation.frame(at: .seconds(5))
      #expect(rgb(last.frame.pixel(x: 4, y: 4)) == Self.green)
      #expect(last.remaining == nil)
    }

    @Test("the thumbnail of an animation is its first frame, and keeps no animation")
    func thumbnailIsFirstFrame() throws {
      let folder = try TemporaryFolder(files: [])
      let url = folder.write("spin.gif", GIFWriter.redGreenBlue())
      var decoded: DecodedImage?
      PixbufLoader().loadThumbnail(for: ImageItem(url: url), size: 16)
        .subscribe(next: { decoded = $0 })
        .dispose()
      let thumbnail = try #require(decoded)
      #expect(thumbnail.animation == nil)
      let surface = try #require(CairoSurface(copying: thumbnail.pixbuf))
      #expect(rgb(surface.pixel(x: 4, y: 4)) == Self.red)
    }

    @Test("still images and one-frame GIFs are not animations")
    func stillImages() throws {
      let folder = try TemporaryFolder(files: [])
      let one = GIFWriter.make(
        width: 4, height: 4, palette: [(0, 0, 255)], frames: [[0]], delay: 10)
      let gif = try ImageDecoder.decode(folder.write("one.gif", one), fitting: nil, forViewer: true)
        .get()
      #expect(gif.animation == nil)
      #expect(gif.vector == nil)
    }

    @Test("a truncated or corrupt GIF neither crashes nor hangs")
    func badGIFs() throws {
      let folder = try TemporaryFolder(files: [])
      let good = GIFWriter.redGreenBlue(width: 64, height: 64)
      let cuts = [good.count / 2, good.count - 3, 30, 14]
      for cut in cuts {
        let url = folder.write("cut-\(cut).gif", Array(good.prefix(cut)))
        let result = ImageDecoder.decode(url, fitting: nil, forViewer: true)
        if case .success(let image) = result, let animation = image.animation {
          // What survived plays without trouble.
          for step in 0..<10 { _ = animation.frame(at: .milliseconds(step * 70)) }
        }
      }
      // Frames whose data is noise: a valid header, then garbage.
      var noisy = Array(good.prefix(40))
      var generator = SystemRandomNumberGenerator()
      noisy += (0..<4000).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let result = ImageDecoder.decode(
        folder.write("noise.gif", noisy), fitting: nil, forViewer: true)
      if case .success(let image) = result, let animation = image.animation {
        for step in 0..<10 { _ = animation.frame(at: .milliseconds(step * 70)) }
      }
    }
  }
}
