// Reading EXIF and XMP with gexiv2: real files written by gexiv2 itself, and hostile ones.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Metadata reader")
  @MainActor
  struct MetadataReaderTests {
    let folder: TemporaryFolder

    init() throws {
      folder = try TemporaryFolder(files: [])
    }

    /// A JPEG at `name` with `tags` (and `gps`) written into it.
    func photo(
      _ name: String, _ tags: [String: String], gps: (latitude: Double, longitude: Double)? = nil
    ) throws -> URL {
      let url = folder.file(name)
      #expect(TestImages.write(to: url))
      #expect(ExifWriter.write(tags, gps: gps, to: url), "gexiv2 wrote \(name)")
      return url
    }

    @Test("a camera's EXIF reads back as the sidebar shows it")
    func cameraFields() throws {
      let url = try photo("camera.jpg", ExifWriter.camera, gps: (48.8584, 2.2945))
      let metadata = Exiv2MetadataReader().metadata(at: url)
      #expect(metadata.cameraMake == "Canon")
      #expect(metadata.cameraModel == "Canon EOS R6")
      #expect(metadata.lens == "RF24-105mm F4 L IS USM")
      #expect(metadata.exposureTime == ExposureTime(numerator: 1, denominator: 250))
      #expect(metadata.fNumber == 2.8)
      #expect(metadata.isoSpeed == 400)
      #expect(metadata.focalLength == 35)
      #expect(metadata.dateTaken == DateTaken(exif: "2023:06:01 14:30:05", offset: "+02:00"))
      let location = try #require(metadata.location)
      #expect(abs(location.latitude - 48.8584) < 1e-4)
      #expect(abs(location.longitude - 2.2945) < 1e-4)
      let rows = ImageProperties(
        item: ImageItem(url: url), metadata: metadata, locale: Locale(identifier: "en_US")
      ).rows
      #expect(
        rows.map(\.value) == [
          "Canon EOS R6", "RF24-105mm F4 L IS USM", "1/250 s", "f/2.8", "ISO 400", "35 mm",
          "Jun 1, 2023 at 2:30\u{202F}PM", "48.8584° N, 2.2945° E",
        ])
      #expect(rows.last?.link?.absoluteString == "geo:48.8584,2.2945")
    }

    @Test("XMP fills what EXIF lacks: lens, date taken, make and model")
    func xmpFallback() throws {
      let url = try photo(
        "xmp.jpg",
        [
          "Xmp.tiff.Make": "FUJIFILM", "Xmp.tiff.Model": "X-T4",
          "Xmp.aux.Lens": "XF23mmF2 R WR",
          "Xmp.photoshop.DateCreated": "2021-12-24T18:05:00-05:00",
        ])
      let metadata = Exiv2MetadataReader().metadata(at: url)
      #expect(metadata.cameraMake == "FUJIFILM")
      #expect(metadata.cameraModel == "X-T4")
      #expect(metadata.lens == "XF23mmF2 R WR")
      #expect(metadata.dateTaken?.utcOffset == -5 * 3600)
      #expect(metadata.dateTaken?.hour == 18)
    }

    @Test("an image without metadata, a PNG, an empty file: nothing known")
    func nothingKnown() throws {
      let plain = folder.file("plain.jpg")
      #expect(TestImages.write(to: plain))
      let png = folder.file("plain.png")
      #expect(TestImages.write(to: png, format: "png"))
      let empty = folder.file("empty.jpg")
      try Data().write(to: empty)
      let reader = Exiv2MetadataReader()
      #expect(reader.metadata(at: plain).isEmpty)
      #expect(reader.metadata(at: png).isEmpty)
      #expect(reader.metadata(at: empty).isEmpty)
      #expect(reader.metadata(at: folder.file("missing.jpg")).isEmpty)
    }

    @Test("bad metadata never crashes or hangs: corrupt EXIF, huge XMP, a FIFO, garbage")
    func hostileFiles() throws {
      // Corrupt EXIF: a real camera file with its EXIF block overwritten by noise.
      let corrupt = try photo("corrupt.jpg", ExifWriter.camera)
      var bytes = try [UInt8](Data(contentsOf: corrupt))
      let exif = try #require(Self.find(Array("Exif\0\0".utf8), in: bytes))
      var noise: UInt64 = 0x9E37_79B9_7F4A_7C15
      for offset in (exif + 14)..<min(bytes.count, exif + 400) {
        noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes[offset] = UInt8(truncatingIfNeeded: noise >> 33)
      }
      try Data(bytes).write(to: corrupt)
      // Huge XMP: a PNG carrying 8 MB of XMP, and a JPEG whose XMP packet nests deeply.
      let hugePNG = folder.file("huge-xmp.png")
      #expect(TestImages.write(to: hugePNG, format: "png"))
      try Self.appendXMPChunk(to: hugePNG, size: 8 << 20)
      let nested = try photo("nested.jpg", [:])
      let deep = String(repeating: "<rdf:Bag><rdf:li>", count: 2000)
      ExifWriter.write(["Xmp.dc.description": deep], to: nested)
      // A FIFO named like a photo (opening it for reading would block), and garbage.
      let fifo = folder.file("fifo.jpg")
      SpecialFiles.makeFIFO(at: fifo)
      let garbage = folder.file("garbage.jpg")
      try Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: garbage)
      var header = [UInt8]([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array("Exif\0\0II*\0".utf8))
      header += [UInt8](repeating: 0xFF, count: 1000)
      let truncated = folder.file("truncated-exif.jpg")
      try Data(header).write(to: truncated)

      let reader = Exiv2MetadataReader()
      // Read on a thread of its own, so a hang (a blocking open of the FIFO, a parser
      // loop) fails the test instead of stopping the suite. The bound only tells a hang
      // from slowness: it is far above what any load makes of these reads (about 1 s).
      let files = [corrupt, hugePNG, nested, fifo, garbage, truncated]
      let finished = DispatchSemaphore(value: 0)
      Thread {
        for url in files { _ = reader.metadata(at: url) }
        finished.signal()
      }.start()
      let outcome = finished.wait(timeout: .now() + 120)
      #expect(outcome == .success, "reading hostile metadata did not finish: a hang")
      guard outcome == .success else { return }
      #expect(reader.metadata(at: fifo).isEmpty, "a FIFO is never opened for reading")
      #expect(reader.metadata(at: garbage).isEmpty)
    }

    // Found by `make fuzz`: Exiv2 0.27 checks the RIFF chunk sizes with `Safe::add`,
    // which throws `std::overflow_error`; gexiv2 catches only `Exiv2::Error`, so the
    // exception ended the process (the sidebar, or sorting by date taken, on a folder
    // holding this 20-byte file).
    @Test("a WebP declaring a 4 GiB RIFF chunk reads as no metadata instead of aborting")
    func overflowingWebP() throws {
      let url = folder.file("overflow.webp")
      let bytes =
        Array("RIFF".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("WEBPVP8L".utf8)
        + [0, 0, 0, 0]
      try Data(bytes).write(to: url)
      #expect(Exiv2MetadataReader().metadata(at: url).isEmpty)
    }

    /// The offset of `needle` in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
      guard haystack.count >= needle.count else { return nil }
      return (0...(haystack.count - needle.count)).first { start in
        haystack[start..<(start + needle.count)].elementsEqual(needle)
      }
    }

    /// Inserts an `iTXt` chunk of `size` bytes of XMP before the PNG's `IEND`.
    static func appendXMPChunk(to url: URL, size: Int) throws {
      var png = try [UInt8](Data(contentsOf: url))
      let end = try #require(find(Array("IEND".utf8), in: png)) - 4
      var packet =
        "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'><rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/'><dc:subject><rdf:Bag>"
      let item = "<rdf:li>keyword</rdf:li>"
      packet += String(repeating: item, count: max(0, size / item.utf8.count))
      packet += "</rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta>"
      let data =
        Array("iTXt".utf8) + Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0]
        + Array(packet.utf8)
      let length = UInt32(data.count - 4)
      var chunk = withUnsafeBytes(of: length.bigEndian) { Array($0) } + data
      let crc = data.reduce(into: UInt32(0xFFFF_FFFF)) { crc, byte in
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
      }
      chunk += withUnsafeBytes(of: (~crc).bigEndian) { Array($0) }
      png.insert(contentsOf: chunk, at: end)
      try Data(png).write(to: url)
    }
  }
}
