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

    @Test(
      "a folder's RAW files without a preview are among the files that cannot be shown, with why")
    func unshownWithoutPreview() throws {
      _ = try raw("IMG_0001.DNG", preview: true)
      _ = try raw("plain.nef", preview: false)
      try Data("not a raw file at all".utf8).write(to: folder.file("garbage.cr2"))
      try Data("layers".utf8).write(to: folder.file("layers.psd"))
      #expect(TestImages.write(to: folder.file("photo.png"), format: "png", rgba: 0x00FF_00FF))
      let scanner = FolderScanner(
        formats: PixbufLoader.supportedFormats(), unshowable: RawPreview.unshownReason)
      let unshown = scanner.unshownFiles(in: folder.url)
      #expect(unshown.map(\.lastPathComponent) == ["garbage.cr2", "layers.psd", "plain.nef"])
      #expect(
        scanner.unshownReason(of: folder.file("plain.nef"))
          == "This camera RAW file carries no embedded preview, and the browser cannot "
          + "develop RAW data itself.")
      #expect(
        scanner.unshownReason(of: folder.file("garbage.cr2"))
          == "It is not a camera RAW file this browser can read.")
      #expect(
        scanner.unshownReason(of: folder.file("layers.psd"))
          == "No image loader installed here reads PSD files.")
      #expect(scanner.unshownReason(of: folder.file("IMG_0001.DNG")) == nil)
      #expect(scanner.unshownReason(of: folder.file("photo.png")) == nil)
      // The listing itself asks nothing of the files: every RAW file is listed.
      let listed = try scanner.scan(folder.url).map(\.displayName)
      #expect(listed == ["garbage.cr2", "IMG_0001.DNG", "photo.png", "plain.nef"])
    }
  }
}

extension Result where Failure == DecodeFailure {
  /// The failure's message, `nil` on success.
  fileprivate var failureMessage: String? {
    if case .failure(let failure) = self { failure.message } else { nil }
  }
}
