// Animated WebP through libwebp: the file's durations to the millisecond, its loop count,
// composed frames, its ICC profile, the first frame as thumbnail, damaged files survived.
import CImaging
import CLcms2
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Animated WebP")
  @MainActor
  struct WebPAnimationTests {
    static let red: UInt32 = 0xff0000
    static let green: UInt32 = 0x00ff00
    static let blue: UInt32 = 0x0000ff

    /// The WebP animation of `bytes`, decoded for the viewer in this process.
    func animation(_ bytes: [UInt8], named name: String = "spin.webp") throws -> WebPAnimation {
      let folder = try TemporaryFolder(files: [])
      let image = try ImageDecoder.decode(folder.write(name, bytes), fitting: nil, forViewer: true)
        .get()
      #expect(image.kind == .animated)
      let animation = try #require(image.animation as? WebPAnimation, "played through libwebp")
      return animation
    }

    @Test("a 3-frame WebP of 100, 500 and 250 ms shows each frame for exactly its duration")
    func framesAtTheirDurations() throws {
      let animation = try animation(WebPWriter.redGreenBlue(durations: [100, 500, 250]))
      #expect(animation.size == PixelSize(width: 32, height: 24))
      #expect(animation.schedule.durations == [100, 500, 250].map { .milliseconds($0) })
      #expect(animation.schedule.loopCount == 0)
      // (time, colour shown, time left on it): the boundaries at 100, 600 and 850 ms.
      let expected: [(Int, UInt32, Int)] = [
        (0, Self.red, 100), (99, Self.red, 1), (100, Self.green, 500), (350, Self.green, 250),
        (599, Self.green, 1), (600, Self.blue, 250), (849, Self.blue, 1),
        // Looping forever: the second pass, and a late request far into the tenth.
        (850, Self.red, 100), (950, Self.green, 500), (9 * 850 + 700, Self.blue, 150),
      ]
      for (milliseconds, colour, left) in expected {
        let frame = animation.frame(at: .milliseconds(milliseconds))
        #expect(rgb(frame.frame.pixel(x: 16, y: 12)) == colour, "frame at \(milliseconds) ms")
        #expect(frame.remaining == .milliseconds(left), "time left at \(milliseconds) ms")
      }
      // Shown again from its start (an earlier time): the decoder starts over.
      let again = animation.frame(at: .milliseconds(10))
      #expect(rgb(again.frame.pixel(x: 0, y: 0)) == Self.red)
      #expect(again.remaining == .milliseconds(90))
    }

    @Test("following its own delays, the clock's requests land on every frame in turn")
    func followedFrameByFrame() throws {
      let animation = try animation(WebPWriter.redGreenBlue(durations: [100, 500, 250]))
      var time = Duration.zero
      var shown: [(UInt32?, Duration)] = []
      for _ in 0..<7 {
        let frame = animation.frame(at: time)
        let remaining = try #require(frame.remaining)
        shown.append((rgb(frame.frame.pixel(x: 3, y: 3)), remaining))
        time += remaining
      }
      #expect(
        shown.map(\.0) == [
          Self.red, Self.green, Self.blue, Self.red, Self.green, Self.blue, Self.red,
        ])
      #expect(shown.map(\.1) == [100, 500, 250, 100, 500, 250, 100].map { .milliseconds($0) })
    }

    @Test("a WebP that plays once stops on its last frame; twice, after the second pass")
    func loopCount() throws {
      let once = try animation(WebPWriter.redGreenBlue(loops: 1))
      #expect(once.schedule.loopCount == 1)
      #expect(once.frame(at: .milliseconds(200)).remaining == .milliseconds(400))
      for milliseconds in [600, 849, 850, 5_000] {
        let last = once.frame(at: .milliseconds(milliseconds))
        #expect(rgb(last.frame.pixel(x: 16, y: 12)) == Self.blue, "at \(milliseconds) ms")
        #expect(last.remaining == nil, "stays for good at \(milliseconds) ms")
      }
      let twice = try animation(WebPWriter.redGreenBlue(loops: 2))
      let second = twice.frame(at: .milliseconds(850 + 100))
      #expect(rgb(second.frame.pixel(x: 1, y: 1)) == Self.green)
      #expect(second.remaining == .milliseconds(500))
      #expect(twice.frame(at: .milliseconds(850 + 600)).remaining == nil)
      #expect(rgb(twice.frame(at: .seconds(60)).frame.pixel(x: 1, y: 1)) == Self.blue)
    }

    @Test("frames are composed on the canvas: a frame over half of it leaves the other half")
    func composedFrames() throws {
      typealias Frame = WebPWriter.Frame
      let bytes = WebPWriter.make(
        width: 40, height: 20,
        frames: [
          Frame(colour: Self.red, milliseconds: 100),
          Frame(colour: Self.blue, milliseconds: 100, x: 0, y: 0, width: 20, height: 20),
          Frame(
            colour: Self.green, milliseconds: 100, x: 20, y: 0, width: 20, height: 20,
            disposes: true),
          Frame(colour: Self.blue, milliseconds: 100, x: 0, y: 0, width: 20, height: 20),
        ])
      let animation = try animation(bytes)
      let second = animation.frame(at: .milliseconds(150)).frame
      #expect(rgb(second.pixel(x: 5, y: 10)) == Self.blue)
      #expect(rgb(second.pixel(x: 35, y: 10)) == Self.red, "kept from the first frame")
      let third = animation.frame(at: .milliseconds(250)).frame
      #expect(rgb(third.pixel(x: 5, y: 10)) == Self.blue)
      #expect(rgb(third.pixel(x: 35, y: 10)) == Self.green)
      // The third frame's rectangle is disposed to the (transparent) background.
      let fourth = animation.frame(at: .milliseconds(350)).frame
      #expect(fourth.pixel(x: 35, y: 10).map { $0 >> 24 } == 0, "disposed")
      // Skipping straight to a frame composes the ones before it.
      let fresh = try self.animation(bytes, named: "again.webp")
      #expect(rgb(fresh.frame(at: .milliseconds(250)).frame.pixel(x: 35, y: 10)) == Self.green)
      #expect(rgb(fresh.frame(at: .milliseconds(150)).frame.pixel(x: 35, y: 10)) == Self.red)
    }

    @Test("the still image and the thumbnail are the first frame")
    func firstFrame() throws {
      let folder = try TemporaryFolder(files: [])
      let url = folder.write("spin.webp", WebPWriter.redGreenBlue(width: 64, height: 48))
      let still = try ImageDecoder.decode(url, fitting: nil, forViewer: true).get()
      let stillSurface = try #require(CairoSurface(copying: still.pixbuf))
      #expect(rgb(stillSurface.pixel(x: 30, y: 20)) == Self.red)
      var decoded: DecodedImage?
      PixbufLoader().loadThumbnail(for: ImageItem(url: url), size: 16)
        .subscribe(next: { decoded = $0 })
        .dispose()
      let thumbnail = try #require(decoded)
      #expect(thumbnail.animation == nil)
      #expect(thumbnail.kind == .animated)
      let surface = try #require(CairoSurface(copying: thumbnail.pixbuf))
      #expect(rgb(surface.pixel(x: 4, y: 4)) == Self.red)
    }

    @Test("an embedded Adobe RGB profile is applied to every frame")
    func colourProfile() throws {
      // A muted green, then a muted red: inside both gamuts, so the conversion shows
      // (Adobe RGB's pure primaries clip to sRGB's).
      let colours: [UInt32] = [0x40a060, 0xa06040]
      let frames = colours.map { WebPWriter.Frame(colour: $0, milliseconds: 100) }
      let taggedBytes = WebPWriter.make(
        width: 16, height: 16, frames: frames, profile: ICCFixtures.adobeRGB())
      let tagged = try animation(taggedBytes)
      #expect(tagged.isColourManaged)
      let plain = try animation(WebPWriter.make(width: 16, height: 16, frames: frames))
      #expect(!plain.isColourManaged)
      for (index, colour) in colours.enumerated() {
        let time = Duration.milliseconds(100 * index + 50)
        let expected = try #require(
          Self.adobeToSRGB(UInt8(colour >> 16), UInt8(colour >> 8 & 0xff), UInt8(colour & 0xff)))
        let shown = try #require(tagged.frame(at: time).frame.pixel(x: 8, y: 8))
        let channels = [Int(shown >> 16 & 0xff), Int(shown >> 8 & 0xff), Int(shown & 0xff)]
        for (got, want) in zip(channels, expected) {
          #expect(abs(got - want) <= 2, "frame \(index): \(channels), lcms2 says \(expected)")
        }
        #expect(rgb(shown) != colour, "converted")
        #expect(shown >> 24 == 0xff, "opaque")
        #expect(rgb(plain.frame(at: time).frame.pixel(x: 8, y: 8)) == colour, "untagged as is")
      }
      // The still (first frame, thumbnail) goes through the same profile: playing
      // starts without a change of colour.
      let folder = try TemporaryFolder(files: [])
      let still = try ImageDecoder.decode(folder.write("tagged.webp", taggedBytes), fitting: nil)
        .get()
      let first = try #require(CairoSurface(copying: still.pixbuf)?.pixel(x: 8, y: 8))
      let played = try #require(tagged.frame(at: .zero).frame.pixel(x: 8, y: 8))
      #expect(rgb(first) == rgb(played))
    }

    /// `red`, `green`, `blue` in Adobe RGB, converted to sRGB by lcms2.
    static func adobeToSRGB(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> [Int]? {
      let bytes = ICCFixtures.adobeRGB()
      guard let adobe = cmsOpenProfileFromMem(bytes, cmsUInt32Number(bytes.count)),
        let sRGB = cmsCreate_sRGBProfile()
      else { return nil }
      defer {
        cmsCloseProfile(adobe)
        cmsCloseProfile(sRGB)
      }
      guard
        let transform = cmsCreateTransform(
          adobe, clcms2_type_rgb_8(), sRGB, clcms2_type_rgb_8(),
          cmsUInt32Number(INTENT_PERCEPTUAL), 0)
      else { return nil }
      defer { cmsDeleteTransform(transform) }
      var input = [red, green, blue]
      var output: [UInt8] = [0, 0, 0]
      cmsDoTransform(transform, &input, &output, 1)
      return output.map { Int($0) }
    }

    @Test("a truncated or corrupt animated WebP neither crashes nor hangs")
    func damagedFiles() throws {
      let folder = try TemporaryFolder(files: [])
      let good = WebPWriter.redGreenBlue(width: 64, height: 64)
      for cut in [good.count - 1, good.count - 20, good.count / 2, 60, 30, 12] {
        let url = folder.write("cut-\(cut).webp", Array(good.prefix(cut)))
        if case .success(let image) = ImageDecoder.decode(url, fitting: nil, forViewer: true),
          let animation = image.animation
        {
          for step in 0..<12 { _ = animation.frame(at: .milliseconds(step * 90)) }
        }
      }
      // The second frame's bitstream broken: the first plays, and stands in for the rest.
      var broken = good
      let second = try #require(Self.offsets(of: "VP8L", in: good).dropFirst().first)
      for offset in (second + 8)..<(second + 16) { broken[offset] = 0xff }
      let fd = folder.write("broken.webp", broken).withUnsafeFileSystemRepresentation {
        open($0!, O_RDONLY)
      }
      defer { close(fd) }
      if let animation = WebPAnimation.load(from: fd) {
        #expect(rgb(animation.frame(at: .zero).frame.pixel(x: 1, y: 1)) == Self.red)
        for step in 0..<12 { _ = animation.frame(at: .milliseconds(step * 90)) }
        #expect(rgb(animation.frame(at: .milliseconds(700)).frame.pixel(x: 1, y: 1)) == Self.red)
      }
    }

    /// Where each chunk named `name` starts in `bytes`.
    static func offsets(of name: String, in bytes: [UInt8]) -> [Int] {
      let tag = Array(name.utf8)
      return (0..<(bytes.count - 4)).filter { Array(bytes[$0..<($0 + 4)]) == tag }
    }

    @Test("durations under 20 ms count as 20, like the clock's shortest frame")
    func shortFrames() {
      let schedule = FrameSchedule(
        durations: [.zero, .milliseconds(5), .milliseconds(100)], loopCount: 0)
      #expect(schedule.durations == [20, 20, 100].map { .milliseconds($0) })
      #expect(schedule.loopDuration == .milliseconds(140))
      #expect(
        schedule.position(at: .milliseconds(25)) == .init(frame: 1, remaining: .milliseconds(15)))
      #expect(
        schedule.position(at: .milliseconds(140)) == .init(frame: 0, remaining: .milliseconds(20)))
      let still = FrameSchedule(durations: [], loopCount: 1)
      #expect(still.position(at: .seconds(3)) == .init(frame: 0, remaining: nil))
    }
  }
}
