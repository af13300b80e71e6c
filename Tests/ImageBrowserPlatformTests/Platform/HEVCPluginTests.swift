// HEIC through our libheif plugin (CHEVCPlugin): which pictures it converts, that a
// person sees the same colours as through libheif's own conversion, and what a damaged
// bitstream says. The files come from resources/formats/heic-samples.c.
import CHEVCPlugin
import CHeif
import CImaging
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("HEIC through our HEVC plugin")
  @MainActor
  struct HEVCPluginTests {
    typealias Samples = HEIFDecoderTests

    /// The eight patches of `limited-range.heic`, left to right then top to bottom.
    static let patchColours = [
      [255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255],
      [0, 0, 0], [128, 128, 128], [255, 255, 0], [0, 255, 255],
    ]

    /// The centre of patch `index` of a 200 × 150 sample.
    static func centre(_ index: Int) -> (Int, Int) {
      (25 + 50 * (index % 4), 37 + 75 * (index / 4))
    }

    /// Decodes `name` at full size, counting the pictures the plugin converted meanwhile.
    static func decode(_ name: String) throws -> (image: DecodedImage, converted: Int) {
      let before = ib_hevc_plugin_converted()
      let image = try ImageDecoder.decode(Samples.sample(name), fitting: nil).get()
      return (image, ib_hevc_plugin_converted() - before)
    }

    @Test(
      "an 8-bit picture without alpha is converted by the plugin, turned or not",
      arguments: ["turned.heic", "thumbnail.heic", "full-chroma.heic", "limited-range.heic"])
    func converted(name: String) throws {
      #expect(try Self.decode(name).converted == 1)
    }

    @Test(
      "alpha, 10-bit and grey pictures are left to libheif's conversion",
      arguments: ["alpha.heic", "deep.heic", "grey.heic"])
    func leftToLibheif(name: String) throws {
      #expect(try Self.decode(name).converted == 0)
    }

    @Test("flat colours coded in limited range with BT.709's matrix come out as they were")
    func limitedRange() throws {
      let image = try Self.decode("limited-range.heic").image
      #expect(image.size == PixelSize(width: 200, height: 150))
      for (index, colour) in Self.patchColours.enumerated() {
        let (x, y) = Self.centre(index)
        let pixel = Samples.pixel(image, x, y)
        #expect(Samples.near(pixel, colour, tolerance: 4), "patch \(index): \(pixel)")
      }
    }

    @Test("a grey picture shows its grey levels")
    func grey() throws {
      let image = try Self.decode("grey.heic").image
      for index in 0..<8 {
        let (x, y) = Self.centre(index)
        let level = index * 255 / 7
        let pixel = Samples.pixel(image, x, y)
        #expect(
          Samples.near(pixel, [level, level, level], tolerance: 4), "patch \(index): \(pixel)")
      }
    }

    @Test("the plugin's pixels are libheif's own, on any number of threads")
    func threads() throws {
      let heif = try #require(LibHeif.shared)
      let data = try Data(contentsOf: Samples.sample("limited-range.heic"))
      func decode(ours: Bool) throws -> [UInt8] {
        let context = try #require(heif.contextAlloc())
        defer { heif.contextFree(context) }
        return try data.withUnsafeBytes { bytes in
          try #require(
            LibHeif.failure(heif.readFromMemory(context, bytes.baseAddress, bytes.count, nil))
              == nil)
          var handle: LibHeif.Handle?
          _ = heif.primaryImageHandle(context, &handle)
          defer { heif.handleRelease(handle) }
          var image: LibHeif.Image?
          if ours {
            var decoded: UnsafeMutableRawPointer?
            let code = ib_hevc_decode(
              UnsafeMutableRawPointer(context), UnsafeRawPointer(handle), nil, &decoded, nil)
            try #require(code == 0)
            image = decoded.map(OpaquePointer.init)
          } else {
            let error = heif.decode(
              handle, &image, heif_colorspace_undefined, heif_chroma_undefined, nil)
            try #require(LibHeif.failure(error) == nil)
          }
          defer { heif.imageRelease(image) }
          var samples: [UInt8] = []
          for channel in [heif_channel_R, heif_channel_G, heif_channel_B] {
            var stride: Int32 = 0
            let plane = try #require(heif.plane(image, channel, &stride))
            for row in 0..<150 {
              samples += UnsafeBufferPointer(start: plane + row * Int(stride), count: 200)
            }
          }
          return samples
        }
      }
      let theirs = try decode(ours: false)
      for (converting, decoding) in [(1, 0), (2, 2), (3, 1)] {
        ib_hevc_plugin_set_threads(Int32(converting), Int32(decoding))
        let ours = try decode(ours: true)
        let largest = zip(ours, theirs).map { abs(Int($0) - Int($1)) }.max()
        // libheif's limited-range factors are rounded (1.1689 for 255 / 219): one level.
        #expect(largest == 1, "\(converting) converting, \(decoding) decoding threads")
      }
      ib_hevc_plugin_set_threads(2, 2)
    }

    @Test("a bitstream whose NAL unit runs past its data says so, and shows nothing")
    func overrunningNAL() throws {
      var bytes = [UInt8](try Data(contentsOf: Samples.sample("turned.heic")))
      // The picture's data opens the mdat box: its first NAL unit's length, in 4 bytes.
      let mdat = try #require(
        (0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("mdat".utf8) })
      bytes.replaceSubrange(mdat + 4..<mdat + 8, with: [0x00, 0xFF, 0xFF, 0xFF])
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("hevc-plugin-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let url = folder.appendingPathComponent("overrun.heic")
      try Data(bytes).write(to: url)
      let result = ImageDecoder.decode(url, fitting: nil)
      guard case .failure(.failed(let message)) = result else {
        Issue.record("decoded: \(result)")
        return
      }
      #expect(message.contains("damaged or incomplete"), "\(message)")
      #expect(message.contains("NAL unit larger than the data left"), "\(message)")
    }
  }
}
