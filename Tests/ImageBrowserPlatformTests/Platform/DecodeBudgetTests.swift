// No decode allocates more than the budget: huge JPEGs and SVGs come smaller, others are refused.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("The decode budget")
  @MainActor
  struct DecodeBudgetTests {
    /// A folder of its own, removed when the test ends.
    final class Folder {
      let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("budget-\(UUID().uuidString)", isDirectory: true)
      init() {
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      }
      deinit { try? FileManager.default.removeItem(at: url) }

      func image(_ name: String, format: String, width: Int32, height: Int32) -> URL {
        let file = url.appendingPathComponent(name)
        #expect(TestImages.write(to: file, format: format, width: width, height: height))
        return file
      }

      func svg(_ name: String, width: Int, height: Int) -> URL {
        let file = url.appendingPathComponent(name)
        let text = """
          <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)">\
          <rect width="100%" height="100%" fill="#8ab"/></svg>
          """
        try? Data(text.utf8).write(to: file)
        return file
      }

      func gif(_ name: String, screenWidth: UInt16, screenHeight: UInt16) -> URL {
        let file = url.appendingPathComponent(name)
        func little(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        // A logical screen of the given size around one 1 × 1 frame.
        let bytes: [UInt8] =
          Array("GIF89a".utf8) + little(screenWidth) + little(screenHeight) + [0x80, 0, 0]
          + [0xC8, 0x50, 0x50, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]
          + [0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
        try? Data(bytes).write(to: file)
        return file
      }
    }

    static func message(_ result: Result<DecodedImage, DecodeFailure>) -> String? {
      if case .failure(.failed(let message)) = result { return message }
      return nil
    }

    @Test("a progressive JPEG whose coefficients are over the budget is refused before they are")
    func progressiveCoefficients() throws {
      let folder = Folder()
      let bomb = folder.url.appendingPathComponent("bomb.jpg")
      try Data(ProgressiveJPEG.claiming(width: 15000, height: 15000)).write(to: bomb)
      let descriptor = open(bomb.path, O_RDONLY)
      defer { close(descriptor) }
      let layout = try #require(JPEGLayout.read(descriptor, from: 0))
      #expect(layout.isMultiScan)
      #expect(layout.size == PixelSize(width: 15000, height: 15000))
      // libjpeg's own rounding: 1,876² luma blocks and 938² for each chroma component.
      #expect(layout.coefficientBytes == (1876 * 1876 + 2 * 938 * 938) * 128)
      let expected =
        "This image is 15,000 × 15,000 pixels in several scans (a progressive JPEG): decoding it at any size takes 675 MB, and the browser gives one image at most 200 MB."
      // Even at thumbnail size: the coefficients do not shrink with the output.
      for box in [PixelSize?.none, PixelSize(width: 128, height: 128)] {
        #expect(Self.message(ImageDecoder.decode(bomb, fitting: box)) == expected)
        guard case .failure(.failed(let message)) = ImageDecoder.decodeUnturned(bomb, fitting: box)
        else {
          Issue.record("not refused for the viewer")
          continue
        }
        #expect(message == expected)
      }
      // Within the budget, the same file decodes: 5,000² keeps 75 MB of coefficients.
      let fits = folder.url.appendingPathComponent("fits.jpg")
      try Data(ProgressiveJPEG.claiming(width: 5000, height: 5000)).write(to: fits)
      let image = try ImageDecoder.decode(fits, fitting: PixelSize(width: 100, height: 100)).get()
      #expect(image.fullSize == PixelSize(width: 5000, height: 5000))
      let small = folder.url.appendingPathComponent("small.jpg")
      try Data(ProgressiveJPEG.bytes).write(to: small)
      #expect(
        try ImageDecoder.decode(small, fitting: nil).get().size == PixelSize(width: 16, height: 16))
    }

    @Test("a baseline JPEG sending its components in separate scans counts as several scans")
    func separateScans() throws {
      func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
      }
      // SOF0: 8 bits, 4,000 × 3,000, three components 2×2, 1×1, 1×1; then a scan of one.
      let sof = segment(0xC0, [8, 0x0B, 0xB8, 0x0F, 0xA0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
      let scan = segment(0xDA, [1, 1, 0, 0, 63, 0])
      let interleaved = segment(0xDA, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0])
      let folder = Folder()
      for (bytes, multi) in [
        ([0xFF, 0xD8] + segment(0xE0, Array(repeating: 7, count: 30)) + sof + scan, true),
        ([0xFF, 0xD8] + sof + interleaved, false),
      ] {
        let file = folder.url.appendingPathComponent("scan.jpg")
        try Data(bytes).write(to: file)
        let descriptor = open(file.path, O_RDONLY)
        defer { close(descriptor) }
        let layout = try #require(JPEGLayout.read(descriptor, from: 0))
        #expect(layout.isMultiScan == multi)
        #expect(layout.coefficientBytes == (multi ? (500 * 376 + 2 * 250 * 188) * 128 : 0))
      }
      // Not a JPEG, or cut before its first scan: nothing to say.
      let text = folder.url.appendingPathComponent("text.jpg")
      try Data("hello".utf8).write(to: text)
      let descriptor = open(text.path, O_RDONLY)
      defer { close(descriptor) }
      #expect(JPEGLayout.read(descriptor, from: 0) == nil)
    }

    @Test("the budget is 50 megapixels")
    func budget() {
      #expect(DecodeBudget.pixels == 50_000_000)
    }

    @Test("asked for the viewer's size, a JPEG far over the budget comes at that size")
    func jpegAtViewerSize() throws {
      let folder = Folder()
      let url = folder.image("big.jpg", format: "jpeg", width: 1600, height: 1200)
      let image = try ImageDecoder.decode(
        url, fitting: PixelSize(width: 200, height: 200), budget: 100_000
      ).get()
      #expect(image.size == PixelSize(width: 200, height: 150))
      #expect(image.fullSize == PixelSize(width: 1600, height: 1200))
      #expect(!image.isCapped)
      #expect(image.cappedMessage == nil)
    }

    @Test("at full size, a JPEG over the budget comes at the largest eighth within it, saying so")
    func jpegCapped() throws {
      let folder = Folder()
      let url = folder.image("big.jpg", format: "jpeg", width: 1600, height: 1200)
      let image = try ImageDecoder.decode(url, fitting: nil, budget: 500_000).get()
      // 1,600 × 1,200 is 1.9 megapixels; half of it, 800 × 600, fits 0.5.
      #expect(image.size == PixelSize(width: 800, height: 600))
      #expect(image.fullSize == PixelSize(width: 1600, height: 1200))
      #expect(image.isCapped)
      #expect(
        image.cappedMessage
          == "This image is 1,600 × 1,200 pixels; it is shown from a copy of 800 × 600 (the browser decodes at most 0.5 megapixels of one image)."
      )
      // Within the budget, full size is full size.
      let whole = try ImageDecoder.decode(url, fitting: nil, budget: 2_000_000).get()
      #expect(whole.size == PixelSize(width: 1600, height: 1200))
      #expect(!whole.isCapped)
    }

    @Test("a PNG over the budget is refused, for the viewer and for thumbnails alike")
    func pngRefused() {
      let folder = Folder()
      let url = folder.image("big.png", format: "png", width: 1000, height: 1000)
      let expected =
        "This image is 1,000 × 1,000 pixels (1.0 megapixels); the browser decodes at most 0.5 megapixels of one image."
      #expect(Self.message(ImageDecoder.decode(url, fitting: nil, budget: 500_000)) == expected)
      #expect(
        Self.message(
          ImageDecoder.decode(url, fitting: PixelSize(width: 128, height: 128), budget: 500_000))
          == expected)
      #expect(
        (try? ImageDecoder.decode(url, fitting: PixelSize(width: 128, height: 128)).get())?.size
          == PixelSize(width: 128, height: 128))
    }

    @Test("a GIF whose logical screen is huge is refused before any allocation")
    func gifScreen() {
      let folder = Folder()
      let url = folder.gif("screen.gif", screenWidth: 60_000, screenHeight: 60_000)
      #expect(
        Self.message(ImageDecoder.decode(url, fitting: PixelSize(width: 400, height: 300)))
          == "This image is 60,000 × 60,000 pixels (3,600 megapixels); the browser decodes at most 50 megapixels of one image."
      )
    }

    @Test("an SVG declaring a huge size renders at the viewer's size, or within the budget")
    func svgCapped() throws {
      let folder = Folder()
      let url = folder.svg("huge.svg", width: 30_000, height: 30_000)
      let fitted = try ImageDecoder.decode(
        url, fitting: PixelSize(width: 400, height: 300), forViewer: true
      ).get()
      #expect(fitted.size == PixelSize(width: 300, height: 300))
      #expect(fitted.fullSize == PixelSize(width: 30_000, height: 30_000))
      let full = try ImageDecoder.decode(url, fitting: nil, forViewer: true, budget: 1_000_000)
        .get()
      #expect(full.size == PixelSize(width: 1000, height: 1000))
      #expect(full.isCapped)
    }

    @Test("the plan: JPEG at an eighth, SVG at any size, other formats whole or not at all")
    func plans() {
      let huge = PixelSize(width: 20_000, height: 20_000)
      let viewer = PixelSize(width: 1100, height: 700)
      // JPEG: 1/4 is 25 megapixels.
      #expect(
        DecodeBudget.plan(full: huge, box: nil, scaling: .byEighths)
          == .decode(PixelSize(width: 5000, height: 5000), isCapped: true))
      #expect(
        DecodeBudget.plan(full: huge, box: viewer, scaling: .byEighths)
          == .decode(PixelSize(width: 700, height: 700), isCapped: false))
      // Asked for just under the budget, the decoder would use a step over it: capped.
      let wide = PixelSize(width: 14_000, height: 14_000)
      #expect(
        DecodeBudget.plan(
          full: wide, box: PixelSize(width: 7000, height: 7000), scaling: .byEighths)
          == .decode(PixelSize(width: 7000, height: 7000), isCapped: false))
      #expect(
        DecodeBudget.plan(
          full: wide, box: PixelSize(width: 7001, height: 7001), scaling: .byEighths)
          == .decode(PixelSize(width: 7000, height: 7000), isCapped: true))
      // Past 64 times the budget even an eighth is too large.
      #expect(
        DecodeBudget.plan(
          full: PixelSize(width: 60_000, height: 60_000), box: viewer, scaling: .byEighths)
          == .refuse)
      #expect(
        DecodeBudget.plan(full: huge, box: nil, scaling: .exactly)
          == .decode(PixelSize(width: 7071, height: 7071), isCapped: true))
      #expect(DecodeBudget.plan(full: huge, box: viewer, scaling: .afterDecoding) == .refuse)
      #expect(
        DecodeBudget.plan(
          full: PixelSize(width: 7000, height: 7000), box: viewer, scaling: .afterDecoding)
          == .decode(PixelSize(width: 700, height: 700), isCapped: false))
      #expect(
        DecodeBudget.plan(full: PixelSize(width: 0, height: 10), box: nil, scaling: .exactly)
          == .refuse)
    }
  }
}
