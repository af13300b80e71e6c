// Camera facts in words: the exact strings the properties sidebar shows.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Metadata formatting")
  @MainActor
  struct MetadataFormatTests {
    @Test(
      "exposure times read as photographers write them",
      arguments: [
        (1, 250, "1/250 s"), (10, 2500, "1/250 s"), (1, 8000, "1/8000 s"), (1, 3, "1/3 s"),
        (3, 10, "0.3 s"), (1, 2, "1/2 s"), (1, 1, "1 s"), (2, 1, "2 s"), (15, 10, "1.5 s"),
        (30, 1, "30 s"), (333, 10000, "1/30 s"),
      ])
    func exposure(numerator: Int, denominator: Int, expected: String) throws {
      let time = try #require(ExposureTime(numerator: numerator, denominator: denominator))
      #expect(MetadataFormat.exposure(time) == expected)
    }

    @Test("unknown exposure (0/0, negative) is no exposure")
    func unknownExposure() {
      #expect(ExposureTime(numerator: 0, denominator: 0) == nil)
      #expect(ExposureTime(numerator: 1, denominator: -250) == nil)
    }

    @Test("aperture, focal length, ISO")
    func numbers() {
      #expect(MetadataFormat.aperture(2.8) == "f/2.8")
      #expect(MetadataFormat.aperture(8) == "f/8")
      #expect(MetadataFormat.aperture(1.4) == "f/1.4")
      #expect(MetadataFormat.aperture(5.6000001) == "f/5.6")
      #expect(MetadataFormat.focalLength(35) == "35 mm")
      #expect(MetadataFormat.focalLength(4.25) == "4.2 mm")
      #expect(MetadataFormat.iso(400) == "ISO 400")
    }

    @Test("the camera's name without the maker twice")
    func camera() {
      #expect(MetadataFormat.camera(make: "Canon", model: "Canon EOS R6") == "Canon EOS R6")
      #expect(
        MetadataFormat.camera(make: "NIKON CORPORATION", model: "NIKON D750") == "NIKON D750")
      #expect(MetadataFormat.camera(make: "FUJIFILM", model: "X-T4") == "FUJIFILM X-T4")
      #expect(MetadataFormat.camera(make: "Apple", model: nil) == "Apple")
      #expect(MetadataFormat.camera(make: nil, model: nil) == nil)
    }

    @Test("coordinates with hemispheres, and the geo: link")
    func coordinates() throws {
      let eiffel = try #require(GeoCoordinate(latitude: 48.8584, longitude: 2.2945))
      #expect(MetadataFormat.coordinate(eiffel) == "48.8584° N, 2.2945° E")
      #expect(eiffel.geoURI.absoluteString == "geo:48.8584,2.2945")
      let rio = try #require(GeoCoordinate(latitude: -22.95192, longitude: -43.21049))
      #expect(MetadataFormat.coordinate(rio) == "22.9519° S, 43.2105° W")
      #expect(rio.geoURI.absoluteString == "geo:-22.95192,-43.21049")
      #expect(GeoCoordinate(latitude: 91, longitude: 0) == nil)
      #expect(GeoCoordinate(latitude: .nan, longitude: 0) == nil)
    }

    @Test("the date taken shows the camera's clock, in the locale's words")
    func dateTaken() throws {
      let taken = try #require(DateTaken(exif: "2023:06:01 14:30:05", offset: "+02:00"))
      let english = MetadataFormat.dateTaken(taken, locale: Locale(identifier: "en_US"))
      #expect(english == "Jun 1, 2023 at 2:30\u{202F}PM")
      let german = MetadataFormat.dateTaken(taken, locale: Locale(identifier: "de_DE"))
      #expect(german?.contains("14:30") == true, "\(german ?? "nil")")
      // The instant for sorting: 14:30 at UTC+2 is 12:30 UTC.
      #expect(taken.date() == Date(timeIntervalSince1970: 1_685_622_605))
      // Without an offset, the viewer's zone.
      let local = try #require(DateTaken(exif: "2023:06:01 14:30:05"))
      #expect(
        local.date(in: TimeZone(secondsFromGMT: 0)!)
          == Date(timeIntervalSince1970: 1_685_629_805))
    }

    @Test(
      "dates cameras and tools write parse; blanks and nonsense do not",
      arguments: [
        ("2023:06:01 14:30:05", true), ("2023-06-01 14:30:05", true), ("2023:06:01", true),
        ("    :  :     :  :  ", false), ("0000:00:00 00:00:00", false),
        ("2023:13:01 14:30:05", false), ("", false), ("yesterday", false),
      ])
    func exifDates(text: String, parses: Bool) {
      #expect((DateTaken(exif: text) != nil) == parses, "\(text)")
    }

    @Test("XMP dates: ISO 8601 with or without seconds, zone or time")
    func xmpDates() {
      #expect(DateTaken(xmp: "2021-12-24T18:05:00-05:00")?.utcOffset == -18_000)
      #expect(DateTaken(xmp: "2021-12-24T18:05:00.25Z")?.utcOffset == 0)
      #expect(DateTaken(xmp: "2021-12-24T18:05")?.minute == 5)
      #expect(DateTaken(xmp: "2021-12-24")?.day == 24)
      #expect(DateTaken(xmp: "2021-12-24T") == nil)
    }

    @Test("the sidebar shows the known fields in order, and says when there are none")
    func rows() throws {
      let item = ImageItem(url: URL(fileURLWithPath: "/photos/a.jpg"))
      let metadata = ImageMetadata(fNumber: 4, isoSpeed: 100)
      let properties = ImageProperties(item: item, metadata: metadata)
      #expect(properties.rows.map(\.label) == ["Aperture", "ISO"])
      #expect(properties.message == nil)
      #expect(ImageProperties(item: item, metadata: .empty).message == "No camera information")
      #expect(ImageProperties(item: item, metadata: nil).message == "Reading…")
      #expect(ImageProperties.labels.count == 8)
    }
  }
}
