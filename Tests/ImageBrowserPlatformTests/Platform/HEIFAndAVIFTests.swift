// HEIC/HEIF and AVIF photos in the sandboxed decoder helpers: HEIC through libheif
// (opened after the seccomp filter is in), AVIF through Debian's gdk-pixbuf loader.
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
    @Test("HEIC and AVIF decode in a sandboxed helper as in process")
    func heicAndAVIF() throws {
      let formats = PixbufLoader.supportedFormats().extensions
      try #require(
        formats.contains("heic") && formats.contains("avif"),
        "heif-gdk-pixbuf and libavif-gdk-pixbuf are installed (scripts/install-deps.sh)")
      let pool = try #require(TestDecoders.pool(), "the helper is built beside the tests")
      let helpers = ImageDecoding(pool: pool)
      let samples = TestSamples.folder.deletingLastPathComponent().appendingPathComponent("formats")
      let cases: [(String, PixelSize?, PixelSize)] = [
        ("gradient.heic", nil, PixelSize(width: 64, height: 48)),
        ("gradient.avif", nil, PixelSize(width: 64, height: 48)),
        ("turned.heic", nil, PixelSize(width: 150, height: 200)),
        ("turned.heic", PixelSize(width: 48, height: 48), PixelSize(width: 36, height: 48)),
        ("thumbnail.heic", PixelSize(width: 64, height: 64), PixelSize(width: 64, height: 48)),
        ("deep.heic", nil, PixelSize(width: 200, height: 150)),
        ("alpha.heic", nil, PixelSize(width: 200, height: 150)),
      ]
      for (name, box, size) in cases {
        let url = samples.appendingPathComponent(name)
        let helped = try helpers.decode(url, fitting: box).get()
        #expect(helped.size == size, "\(name)")
        let inProcess = try ImageDecoder.decode(url, fitting: box).get()
        #expect(
          DecoderHelperTests.pixels(helped) == DecoderHelperTests.pixels(inProcess), "\(name)")
      }
      let truncated = helpers.decode(samples.appendingPathComponent("truncated.heic"), fitting: nil)
      guard case .failure(.failed(let message)) = truncated else {
        Issue.record("truncated.heic: \(truncated)")
        return
      }
      #expect(message.contains("damaged or incomplete"), "\(message)")
    }
  }
}
