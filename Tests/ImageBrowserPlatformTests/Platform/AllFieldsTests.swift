// Every metadata tag of a file, read with gexiv2: readable names, safe values.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("All metadata fields")
  @MainActor
  struct AllFieldsTests {
    @Test("every EXIF, IPTC and XMP tag is listed with a readable name and Exiv2's value")
    func everyTag() throws {
      let folder = try TemporaryFolder(files: [])
      let url = folder.file("camera.jpg")
      #expect(TestImages.write(to: url))
      var tags = ExifWriter.camera
      tags["Iptc.Application2.City"] = "Zürich"
      tags["Xmp.dc.creator"] = "Ada"
      tags["Exif.Photo.UserComment"] = "charset=Ascii a comment"
      #expect(ExifWriter.write(tags, to: url))
      let fields = Exiv2MetadataReader().fields(at: url)
      let byKey = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
      #expect(byKey["Exif.Image.Make"]?.name == "Manufacturer")
      #expect(byKey["Exif.Image.Make"]?.value == "Canon")
      #expect(byKey["Exif.Photo.FNumber"]?.name == "FNumber")
      #expect(byKey["Exif.Photo.FNumber"]?.value == "F2.8", "interpreted, not 28/10")
      #expect(byKey["Exif.Photo.ExposureTime"]?.value == "1/250 s")
      #expect(byKey["Iptc.Application2.City"]?.value == "Zürich")
      #expect(byKey["Iptc.Application2.City"]?.family == .iptc)
      #expect(byKey["Xmp.dc.creator"]?.family == .xmp)
      #expect(byKey["Xmp.dc.creator"]?.value == "Ada")
      #expect(fields.count >= tags.count)
      // EXIF first, then IPTC, then XMP.
      let families = fields.map(\.family)
      #expect(families == families.sorted { $0.order < $1.order })
    }

    @Test("hostile values are made visible and cut; files without metadata list nothing")
    func hostileValues() throws {
      let folder = try TemporaryFolder(files: ["notes.jpg"])
      let url = folder.file("photo.jpg")
      #expect(TestImages.write(to: url))
      let long = String(repeating: "x", count: 50_000)
      #expect(
        ExifWriter.write(
          [
            "Exif.Image.Artist": "photo\u{202E}gpj.exe\nnext\u{1B}",
            "Xmp.dc.description": long,
          ], to: url))
      let fields = Exiv2MetadataReader().fields(at: url)
      let artist = try #require(fields.first { $0.key == "Exif.Image.Artist" })
      #expect(artist.value == "\u{2068}photo\u{FFFD}gpj.exe\u{240A}next\u{241B}\u{2069}")
      let description = try #require(fields.first { $0.key == "Xmp.dc.description" })
      #expect(description.value.count <= MetadataField.maximumLength + 40)
      #expect(description.value.hasSuffix("…"))
      #expect(Exiv2MetadataReader().fields(at: folder.file("notes.jpg")).isEmpty)
      #expect(Exiv2MetadataReader().fields(at: folder.file("missing.jpg")).isEmpty)
    }

    @Test("a field of an unknown family is refused; a tag without a label shows its name")
    func fieldNames() {
      #expect(MetadataField(key: "Photoshop.Thing", label: nil, value: "1") == nil)
      let field = MetadataField(key: "Exif.Image.0xabcd", label: "", value: " 12 ")
      #expect(field?.name == "0xabcd")
      #expect(field?.value == "12")
    }

    @Test("the view model reads the current image's fields on the metadata scheduler")
    func viewModel() throws {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let reading = schedulers.make()
        let reader = FieldsReader()
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), main: main, background: main,
          metadata: reader, metadataReading: reading)
        viewModel.show(Listing(folder: photos, items: items(["a.jpg", "b.jpg"]), selectedIndex: 0))
        var seen: [MetadataFieldList?] = []
        let subscription = viewModel.allFields.subscribe(next: { seen.append($0) })
        #expect(seen == [MetadataFieldList(name: "a.jpg", fields: nil)], "the name at once")
        #expect(reader.reads == 0, "read off the main scheduler")
        reading.advance(by: 0)
        main.advance(by: 0)
        #expect(seen.last??.fields?.map(\.value) == ["a.jpg"])
        viewModel.next.execute(())
        main.advance(by: 0)
        reading.advance(by: 0)
        main.advance(by: 0)
        #expect(seen.last??.name == "b.jpg")
        #expect(seen.last??.fields?.map(\.value) == ["b.jpg"])
        subscription.dispose()
        viewModel.next.execute(())
        main.advance(by: 0)
        reading.advance(by: 0)
        #expect(reader.reads == 2, "nothing read while no window listens")
      }
    }
  }
}

extension MetadataField.Family {
  /// The order families are listed in.
  fileprivate var order: Int { Self.allCases.firstIndex(of: self)! }
}

/// A reader whose one field is the file's name, counting reads.
private nonisolated final class FieldsReader: MetadataReading, @unchecked Sendable {
  // @unchecked: `reads` is read by the test between scheduler steps only.
  var reads = 0
  func metadata(at url: URL) -> ImageMetadata { .empty }
  func fields(at url: URL) -> [MetadataField] {
    reads += 1
    return [
      MetadataField(key: "Exif.Image.DocumentName", label: nil, value: url.lastPathComponent)!
    ]
  }
}
