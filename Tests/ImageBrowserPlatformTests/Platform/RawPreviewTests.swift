// Camera RAW files shown through their embedded previews, upright, in the helper too.
import CImaging
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Camera RAW previews")
  @MainActor
  struct RawPreviewTests {
    let folder: TemporaryFolder

    init() throws {
      folder = try TemporaryFolder(files: [])
    }

    /// A TIFF-structured RAW file at `name` (DNG is TIFF, and Exiv2 reads every RAW by
    /// its TIFF structure) of 64 × 48 blue pixels, carrying a 200 × 150 red JPEG preview
    /// when `preview`, turned by the EXIF `orientation`.
    func raw(_ name: String, preview: Bool, orientation: Int = 1) throws -> URL {
      let url = folder.file(name)
      #expect(TestImages.write(to: url, format: "tiff", rgba: 0x0000_FFFF))
      guard preview else { return url }
      let thumbnail = folder.file(name + ".preview.jpg")
      #expect(TestImages.write(to: thumbnail, width: 200, height: 150, rgba: 0xFF00_00FF))
      #expect(ExifWriter.embedThumbnail(thumbnail, orientation: orientation, in: url))
      try FileManager.default.removeItem(at: thumbnail)
      return url
    }

    /// The colour of `image`'s middle pixel, as 0xRRGGBB.
    func middle(_ image: DecodedImage) -> UInt32 {
      let pixbuf = image.pixbuf
      let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
      let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
      let pixel =
        gdk_pixbuf_read_pixels(pixbuf)! + (image.height / 2) * stride
        + (image.width / 2) * channels
      return UInt32(pixel[0]) << 16 | UInt32(pixel[1]) << 8 | UInt32(pixel[2])
    }

    @Test("a RAW file shows its embedded preview, turned by the RAW file's orientation")
    func previewShown() throws {
      let url = try raw("IMG_0001.DNG", preview: true, orientation: 6)
      #expect(PixbufLoader.supportedFormats().contains(fileName: "IMG_0001.DNG"))
      #expect(PixbufLoader.supportedFormats().contains(fileName: "x.nef"))
      let image = try ImageDecoder.decode(url, fitting: nil).get()
      #expect(image.width == 150 && image.height == 200, "upright: turned a quarter")
      let colour = middle(image)
      #expect(colour >> 16 > 0xC0 && colour & 0xFF < 0x40, "the red preview, not the blue data")
      let fitted = try ImageDecoder.decode(url, fitting: PixelSize(width: 60, height: 60)).get()
      #expect(fitted.width <= 60 && fitted.height <= 60)

      // In a decoder helper, as the app decodes: the same pixels.
      let pool = try #require(TestDecoders.pool(), "the helper is built beside the tests")
      let helped = try ImageDecoding(pool: pool).decode(url, fitting: nil).get()
      #expect(helped.width == 150 && helped.height == 200)
      #expect(DecoderHelperTests.pixels(helped) == DecoderHelperTests.pixels(image))
    }

    @Test("a RAW file with no preview, or not a RAW file at all, says why")
    func noPreview() throws {
      let plain = try raw("plain.nef", preview: false)
      #expect(
        ImageDecoder.decode(plain, fitting: nil).failureMessage
          == "This camera RAW file carries no embedded preview, and the browser cannot "
          + "develop RAW data itself.")
      let garbage = folder.file("garbage.cr2")
      try Data("not a raw file at all".utf8).write(to: garbage)
      #expect(
        ImageDecoder.decode(garbage, fitting: nil).failureMessage
          == "It is not a camera RAW file this browser can read.")
      let pool = try #require(TestDecoders.pool())
      #expect(
        ImageDecoding(pool: pool).decode(plain, fitting: nil).failureMessage?
          .hasPrefix("This camera RAW file carries no embedded preview") == true)
    }
  }
}

extension Result where Failure == DecodeFailure {
  /// The failure's message, `nil` on success.
  fileprivate var failureMessage: String? {
    if case .failure(let failure) = self { failure.message } else { nil }
  }
}
