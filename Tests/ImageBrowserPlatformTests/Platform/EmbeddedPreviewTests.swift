// Reading a camera's embedded EXIF preview: upright, without its black bars, in a helper too.
import CImaging
import Foundation
import Reactive
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Embedded previews")
  @MainActor
  struct EmbeddedPreviewTests {
    let folder: TemporaryFolder
    /// The picture's colour, in the photo and in its preview.
    static let colour: UInt32 = 0xC040_20FF

    init() throws {
      folder = try TemporaryFolder(files: [])
    }

    /// A 600 × 400 JPEG at `name` carrying a 160 × 120 thumbnail of `colour`, with
    /// black bars of `bar` rows above and below (a camera's 3:2 picture in DCF's 4:3
    /// thumbnail), and the EXIF `orientation`.
    func photo(_ name: String, bar: Int32, orientation: Int = 1) throws -> URL {
      let url = folder.file(name)
      #expect(TestImages.write(to: url, width: 600, height: 400, rgba: Self.colour))
      let thumbnail = folder.file(name + ".thumb.jpg")
      let pixbuf = try #require(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 160, 120))
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      gdk_pixbuf_fill(pixbuf, 0x0000_00FF)
      let picture = try #require(gdk_pixbuf_new_subpixbuf(pixbuf, 0, bar, 160, 120 - 2 * bar))
      gdk_pixbuf_fill(picture, Self.colour)
      g_object_unref(UnsafeMutableRawPointer(picture))
      var error: UnsafeMutablePointer<GError>?
      gdk_pixbuf_savev(pixbuf, thumbnail.path, "jpeg", nil, nil, &error)
      #expect(error == nil)
      #expect(ExifWriter.embedThumbnail(thumbnail, orientation: orientation, in: url))
      return url
    }

    /// Whether every corner of `image` is as bright as `colour` (no black bar left).
    /// Brightness (luma) only: JPEG keeps colour at half resolution, so the picture's
    /// edge next to a bar takes on some of the bar's.
    static func cornersMatch(_ image: DecodedImage) -> Bool {
      let pixels = gdk_pixbuf_read_pixels(image.pixbuf)!
      let stride = Int(gdk_pixbuf_get_rowstride(image.pixbuf))
      let channels = Int(gdk_pixbuf_get_n_channels(image.pixbuf))
      let luma = { (red: Int, green: Int, blue: Int) in
        (299 * red + 587 * green + 114 * blue) / 1000
      }
      let expected = luma(0xC0, 0x40, 0x20)
      let corners = [
        (0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1),
      ]
      return corners.allSatisfy { x, y in
        let pixel = pixels + y * stride + x * channels
        return abs(luma(Int(pixel[0]), Int(pixel[1]), Int(pixel[2])) - expected) <= 16
      }
    }

    @Test("a camera's letterboxed thumbnail comes upright, cut to the picture's shape")
    func uprightWithoutBars() throws {
      let url = try photo("turned.jpg", bar: 7, orientation: 6)
      let preview = try EmbeddedPreview.decode(url).get()
      // 160 × 106 once the bars (and the odd black line) are off, then turned a quarter.
      #expect(preview.size == PixelSize(width: 106, height: 160))
      #expect(preview.fullSize == PixelSize(width: 400, height: 600))
      #expect(Self.cornersMatch(preview))
    }

    @Test("a thumbnail of the picture's own shape is kept whole")
    func sameShape() throws {
      let url = try photo("plain.jpg", bar: 7)
      let pixbuf = try #require(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 150, 100))
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      gdk_pixbuf_fill(pixbuf, Self.colour)
      let thumbnail = folder.file("plain-3x2.jpg")
      var error: UnsafeMutablePointer<GError>?
      gdk_pixbuf_savev(pixbuf, thumbnail.path, "jpeg", nil, nil, &error)
      #expect(error == nil)
      #expect(ExifWriter.embedThumbnail(thumbnail, in: url))
      let preview = try EmbeddedPreview.decode(url).get()
      #expect(preview.size == PixelSize(width: 150, height: 100))
      #expect(Self.cornersMatch(preview))
    }

    @Test("a thumbnail of another shape with no black bars is refused: it shows another crop")
    func otherCropRefused() throws {
      let url = try photo("cropped.jpg", bar: 0)
      #expect(throws: DecodeFailure.self) { try EmbeddedPreview.decode(url).get() }
    }

    @Test("files without a preview have none: no EXIF, a PNG, a FIFO (never waited on)")
    func none() throws {
      let plain = folder.file("plain.jpg")
      #expect(TestImages.write(to: plain))
      #expect(throws: DecodeFailure.self) { try EmbeddedPreview.decode(plain).get() }
      let png = folder.file("plain.png")
      #expect(TestImages.write(to: png, format: "png"))
      #expect(throws: DecodeFailure.self) { try EmbeddedPreview.decode(png).get() }
      let fifo = folder.file("fifo.jpg")
      SpecialFiles.makeFIFO(at: fifo)
      let failed = withoutHanging(unblocking: [fifo]) {
        (try? EmbeddedPreview.decode(fifo).get()) == nil
      }
      #expect(failed)
    }

    @Test("the loader reads a preview only for files large enough for it to matter")
    func onlyForLargeFiles() throws {
      let url = try photo("small.jpg", bar: 7)
      let loader = PixbufLoader()
      var previews: [PixelSize] = []
      let small = loader.loadEmbeddedPreview(for: ImageItem(url: url))
        .subscribe(next: { previews.append($0.size) })
      #expect(previews.isEmpty, "a 2 MP decode is quicker than reading a preview first")
      small.dispose()
      // The same photo made camera-sized: trailing bytes, which decoders ignore.
      let handle = try FileHandle(forWritingTo: url)
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(count: EmbeddedPreview.worthwhileBytes))
      try handle.close()
      let large = loader.loadEmbeddedPreview(for: ImageItem(url: url))
        .subscribe(next: { previews.append($0.size) })
      #expect(previews == [PixelSize(width: 160, height: 106)])
      large.dispose()
    }

    @Test("a decoder helper reads the same preview", .enabled(if: TestDecoders.executable != nil))
    func inHelper() throws {
      let url = try photo("helper.jpg", bar: 7, orientation: 6)
      let pool = try #require(TestDecoders.pool())
      let preview = try ImageDecoding(pool: pool).embeddedPreview(url).get()
      #expect(preview.size == PixelSize(width: 106, height: 160))
      #expect(preview.fullSize == PixelSize(width: 400, height: 600))
      #expect(Self.cornersMatch(preview))
      let plain = folder.file("plain.jpg")
      #expect(TestImages.write(to: plain))
      #expect(throws: DecodeFailure.self) {
        try ImageDecoding(pool: pool).embeddedPreview(plain).get()
      }
    }
  }
}
