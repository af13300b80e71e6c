// HEIC through libheif directly: what a person sees of a turned, deep, transparent,
// thumbnailed or truncated photo. The files come from resources/formats/heic-samples.c:
// 200 × 150, a gradient (red rising to the right, green downwards, blue 120) with a red
// block at x 10–49, y 10–39.
import CHeif
import CImaging
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("HEIC through libheif")
  @MainActor
  struct HEIFDecoderTests {
    static let samples = TestSamples.folder.deletingLastPathComponent()
      .appendingPathComponent("formats")

    static func sample(_ name: String) -> URL { samples.appendingPathComponent(name) }

    /// The RGBA of the pixel at `x`, `y` (alpha 255 when the image has none).
    static func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [Int] {
      let pixbuf = image.pixbuf
      let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
      let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
      guard let data = gdk_pixbuf_read_pixels(pixbuf) else { return [] }
      let start = data + y * stride + x * channels
      return (0..<4).map { $0 < channels ? Int(start[$0]) : 255 }
    }

    /// Whether `pixel` is `expected` (RGB) within `tolerance` on each channel: the
    /// files are lossy.
    static func near(_ pixel: [Int], _ expected: [Int], tolerance: Int = 14) -> Bool {
      zip(pixel, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// The gradient's colour at `x`, `y` of the 200 × 150 picture.
    static func gradient(_ x: Int, _ y: Int) -> [Int] {
      [255 * x / 199, 255 * y / 149, 120]
    }

    static let red = [255, 0, 0]

    @Test("a HEIC opens at full size with its colours, interleaved from its planes")
    func fullSize() throws {
      let image = try ImageDecoder.decode(Self.sample("thumbnail.heic"), fitting: nil).get()
      #expect(image.size == PixelSize(width: 200, height: 150))
      #expect(image.fullSize == PixelSize(width: 200, height: 150))
      #expect(Self.near(Self.pixel(image, 30, 25), Self.red))
      #expect(Self.near(Self.pixel(image, 150, 100), Self.gradient(150, 100)))
      #expect(Self.near(Self.pixel(image, 190, 140), Self.gradient(190, 140)))
    }

    @Test(
      "the picture converted here matches libheif's own conversion (gdk-pixbuf's loader)",
      arguments: [
        "turned.heic", "thumbnail.heic", "full-chroma.heic", "limited-range.heic", "grey.heic",
      ])
    func sameAsLibheif(name: String) throws {
      let url = Self.sample(name)
      let ours = try ImageDecoder.decode(url, fitting: nil).get()
      var error: UnsafeMutablePointer<GError>?
      let theirs = try #require(gdk_pixbuf_new_from_file(url.path, &error), "heif-gdk-pixbuf")
      defer { g_object_unref(UnsafeMutableRawPointer(theirs)) }
      let reference = DecodedImage(retaining: theirs)
      #expect(ours.size == reference.size)
      var largest = 0
      for y in 0..<ours.height {
        for x in 0..<ours.width {
          let difference =
            zip(Self.pixel(ours, x, y), Self.pixel(reference, x, y))
            .map { abs($0 - $1) }.max() ?? 0
          largest = max(largest, difference)
        }
      }
      // Rounding: libheif converts in floating point, this in 16-bit fixed point.
      #expect(largest <= 2)
    }

    @Test("a photo stored turned comes out upright, at full size and reduced")
    func turned() throws {
      let url = Self.sample("turned.heic")
      let full = try ImageDecoder.decode(url, fitting: nil).get()
      // Turned a quarter clockwise: 150 wide, the red block at the top right.
      #expect(full.size == PixelSize(width: 150, height: 200))
      #expect(Self.near(Self.pixel(full, 125, 30), Self.red))
      #expect(!Self.near(Self.pixel(full, 20, 20), Self.red))
      // Converted at half size: each pixel the average of four.
      let half = try ImageDecoder.decode(url, fitting: PixelSize(width: 75, height: 100)).get()
      #expect(half.size == PixelSize(width: 75, height: 100))
      #expect(half.fullSize == PixelSize(width: 150, height: 200))
      #expect(Self.near(Self.pixel(half, 62, 15), Self.red))
      #expect(!Self.near(Self.pixel(half, 10, 10), Self.red))
      // A strip thumbnail, by 2 then scaled.
      let small = try ImageDecoder.decode(url, fitting: PixelSize(width: 48, height: 48)).get()
      #expect(small.size == PixelSize(width: 36, height: 48))
      #expect(Self.near(Self.pixel(small, 30, 6), Self.red, tolerance: 40))
    }

    @Test("a small decode takes the embedded thumbnail; a larger one the picture")
    func thumbnail() throws {
      let url = Self.sample("thumbnail.heic")
      // The file's 100 × 74 thumbnail is flat green: it covers a 64 × 48 cell.
      let cell = try ImageDecoder.decode(url, fitting: PixelSize(width: 64, height: 64)).get()
      #expect(cell.size == PixelSize(width: 64, height: 48))
      #expect(cell.fullSize == PixelSize(width: 200, height: 150))
      #expect(Self.near(Self.pixel(cell, 32, 24), [0, 200, 0]))
      #expect(Self.near(Self.pixel(cell, 5, 5), [0, 200, 0]))
      // 120 × 90 is more than the thumbnail has: the picture, with its red block.
      let larger = try ImageDecoder.decode(url, fitting: PixelSize(width: 120, height: 120)).get()
      #expect(larger.size == PixelSize(width: 120, height: 90))
      #expect(Self.near(Self.pixel(larger, 18, 15), Self.red, tolerance: 30))
      #expect(Self.near(Self.pixel(larger, 100, 70), Self.gradient(166, 116), tolerance: 20))
    }

    @Test("a 10-bit HEIC shows its colours in 8 bits")
    func deep() throws {
      let image = try ImageDecoder.decode(Self.sample("deep.heic"), fitting: nil).get()
      #expect(image.size == PixelSize(width: 200, height: 150))
      #expect(gdk_pixbuf_get_bits_per_sample(image.pixbuf) == 8)
      #expect(Self.near(Self.pixel(image, 30, 25), Self.red))
      #expect(Self.near(Self.pixel(image, 150, 100), Self.gradient(150, 100)))
      let reduced = try ImageDecoder.decode(
        Self.sample("deep.heic"), fitting: PixelSize(width: 100, height: 100)
      ).get()
      #expect(reduced.size == PixelSize(width: 100, height: 75))
      #expect(Self.near(Self.pixel(reduced, 75, 50), Self.gradient(150, 100), tolerance: 20))
    }

    @Test("a transparent part stays transparent")
    func alpha() throws {
      let image = try ImageDecoder.decode(Self.sample("alpha.heic"), fitting: nil).get()
      #expect(gdk_pixbuf_get_has_alpha(image.pixbuf) != 0)
      #expect(Self.pixel(image, 10, 75)[3] < 10)
      let opaque = Self.pixel(image, 150, 100)
      #expect(opaque[3] > 245)
      #expect(Self.near(opaque, Self.gradient(150, 100)))
    }

    @Test("a truncated HEIC says it is damaged or incomplete")
    func truncated() {
      let result = ImageDecoder.decode(Self.sample("truncated.heic"), fitting: nil)
      guard case .failure(.failed(let message)) = result else {
        Issue.record("decoded: \(result)")
        return
      }
      #expect(message.contains("damaged or incomplete"), "\(message)")
      #expect(message.contains("end of file"), "\(message)")
      #expect(!message.contains("\n"), "\(message)")
    }

    @Test("a HEIC over the pixel budget is refused before it is decoded")
    func overBudget() {
      let result = ImageDecoder.decode(
        Self.sample("thumbnail.heic"), fitting: nil, budget: 10_000)
      guard case .failure(.failed(let message)) = result else {
        Issue.record("decoded: \(result)")
        return
      }
      #expect(message.contains("200 × 150"), "\(message)")
    }

    @Test("libheif gives an 8-bit picture's planes, made RGB at a reduction covering the box")
    func planes() throws {
      let heif = try #require(LibHeif.shared)
      let data = try Data(contentsOf: Self.sample("turned.heic"))
      let context = try #require(heif.contextAlloc())
      defer { heif.contextFree(context) }
      try data.withUnsafeBytes { bytes in
        #expect(
          LibHeif.failure(heif.readFromMemory(context, bytes.baseAddress, bytes.count, nil)) == nil)
        var handle: LibHeif.Handle?
        _ = heif.primaryImageHandle(context, &handle)
        defer { heif.handleRelease(handle) }
        var image: LibHeif.Image?
        _ = heif.decode(handle, &image, heif_colorspace_undefined, heif_chroma_undefined, nil)
        defer { heif.imageRelease(image) }
        let decoded = try #require(image)
        let planes = try #require(PlanarImage(decoded, heif: heif))
        #expect(planes.width == 150 && planes.height == 200)
        #expect(planes.factor(covering: PixelSize(width: 150, height: 200)) == 1)
        #expect(planes.factor(covering: PixelSize(width: 75, height: 100)) == 2)
        #expect(planes.factor(covering: PixelSize(width: 36, height: 48)) == 4)
        #expect(planes.factor(covering: PixelSize(width: 19, height: 25)) == 8)
        let quarter = try #require(planes.pixbuf(covering: PixelSize(width: 36, height: 48)))
        defer { g_object_unref(UnsafeMutableRawPointer(quarter)) }
        let reduced = DecodedImage(retaining: quarter)
        #expect(reduced.size == PixelSize(width: 38, height: 50))
        // The red block, turned to the top right: x 110–139, y 10–49 at full size.
        #expect(Self.near(Self.pixel(reduced, 31, 7), Self.red, tolerance: 30))
      }
    }

    @Test("the last step of a reduction keeps a picture's colours and edges where they are")
    func bilinear() throws {
      // A 30 × 20 picture: left half red, right half blue, taken to 20 × 15.
      let source = try #require(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 30, 20))
      defer { g_object_unref(UnsafeMutableRawPointer(source)) }
      let stride = Int(gdk_pixbuf_get_rowstride(source))
      let pixels = try #require(gdk_pixbuf_get_pixels(source))
      for y in 0..<20 {
        for x in 0..<30 {
          let pixel = pixels + y * stride + x * 3
          (pixel[0], pixel[1], pixel[2]) = x < 15 ? (255, 0, 0) : (0, 0, 255)
        }
      }
      #expect(
        !BilinearResample.handles(
          from: PixelSize(width: 30, height: 20), to: PixelSize(width: 15, height: 10)))
      let scaled = try #require(
        BilinearResample.scale(source, to: PixelSize(width: 20, height: 15)))
      let image = DecodedImage(takingOwnership: scaled)
      #expect(image.size == PixelSize(width: 20, height: 15))
      for y in [0, 7, 14] {
        #expect(Self.pixel(image, 0, y) == [255, 0, 0, 255])
        #expect(Self.pixel(image, 8, y) == [255, 0, 0, 255])
        #expect(Self.pixel(image, 11, y) == [0, 0, 255, 255])
        #expect(Self.pixel(image, 19, y) == [0, 0, 255, 255])
        // The edge falls between columns 9 and 10 of 20: mixed there, not moved.
        let edge = Self.pixel(image, 9, y)[0] + Self.pixel(image, 10, y)[0]
        #expect(abs(edge - 255) <= 2)
      }
    }

    @Test("AVIF is not taken for HEIC; HEIC brands are")
    func brands() throws {
      for (name, isHEIC) in [("gradient.heic", true), ("gradient.avif", false)] {
        let descriptor = open(Self.sample(name).path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(HEIFDecoder.isHEIC(descriptor) == isHEIC, "\(name)")
      }
    }
  }
}
