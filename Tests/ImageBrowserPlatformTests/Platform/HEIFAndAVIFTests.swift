// HEIC/HEIF and AVIF photos, read by Debian's gdk-pixbuf loaders in the decoder helpers.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("HEIC and AVIF")
  @MainActor
  struct HEIFAndAVIFTests {
    @Test("HEIC and AVIF decode in a sandboxed helper through gdk-pixbuf's loaders")
    func heicAndAVIF() throws {
      let formats = PixbufLoader.supportedFormats().extensions
      try #require(
        formats.contains("heic") && formats.contains("avif"),
        "heif-gdk-pixbuf and libavif-gdk-pixbuf are installed (scripts/install-deps.sh)")
      let pool = try #require(TestDecoders.pool(), "the helper is built beside the tests")
      let helpers = ImageDecoding(pool: pool)
      let samples = TestSamples.folder.deletingLastPathComponent().appendingPathComponent("formats")
      for name in ["gradient.heic", "gradient.avif"] {
        let url = samples.appendingPathComponent(name)
        let helped = try helpers.decode(url, fitting: nil).get()
        #expect(helped.width == 64 && helped.height == 48, "\(name)")
        let inProcess = try ImageDecoder.decode(url, fitting: nil).get()
        #expect(
          DecoderHelperTests.pixels(helped) == DecoderHelperTests.pixels(inProcess), "\(name)")
      }
    }
  }
}
