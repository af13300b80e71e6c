// What the camera wrote into a photo (EXIF and XMP): the facts the properties sidebar shows.
import Foundation

/// The camera facts of one image, read from its EXIF or XMP metadata. Every field is
/// optional: a screenshot has none, a phone photo most, a scan perhaps a date.
///
/// The values are the file's, unformatted; `MetadataFormat` words them for people and
/// `ImageProperties` lays them out for the sidebar.
package nonisolated struct ImageMetadata: Hashable, Sendable {
  /// The camera's manufacturer (`Exif.Image.Make`), trimmed.
  package var cameraMake: String?
  /// The camera's model (`Exif.Image.Model`), trimmed.
  package var cameraModel: String?
  /// The lens (`Exif.Photo.LensModel`, or XMP's `aux:Lens`).
  package var lens: String?
  /// How long the shutter was open.
  package var exposureTime: ExposureTime?
  /// The aperture as an f-number (2.8 for f/2.8).
  package var fNumber: Double?
  /// The ISO sensitivity.
  package var isoSpeed: Int?
  /// The lens's focal length in millimetres (the real one, not the 35 mm equivalent).
  package var focalLength: Double?
  /// When the photo was taken, in the camera's clock.
  package var dateTaken: DateTaken?
  /// Where the photo was taken.
  package var location: GeoCoordinate?

  /// Metadata with the given fields; by default none.
  package init(
    cameraMake: String? = nil, cameraModel: String? = nil, lens: String? = nil,
    exposureTime: ExposureTime? = nil, fNumber: Double? = nil, isoSpeed: Int? = nil,
    focalLength: Double? = nil, dateTaken: DateTaken? = nil, location: GeoCoordinate? = nil
  ) {
    self.cameraMake = cameraMake
    self.cameraModel = cameraModel
    self.lens = lens
    self.exposureTime = exposureTime
    self.fNumber = fNumber
    self.isoSpeed = isoSpeed
    self.focalLength = focalLength
    self.dateTaken = dateTaken
    self.location = location
  }

  /// Nothing known: a file without metadata, or one whose metadata cannot be read.
  package static let empty = ImageMetadata()

  /// Whether no field is known.
  package var isEmpty: Bool { self == .empty }
}

/// An exposure time as the camera records it: a fraction of seconds (`1/250`).
package nonisolated struct ExposureTime: Hashable, Sendable {
  /// The numerator, at least 1.
  package let numerator: Int
  /// The denominator, at least 1.
  package let denominator: Int

  /// The time `numerator / denominator` seconds; `nil` unless both are positive (a
  /// camera writes `0/0` for unknown).
  package init?(numerator: Int, denominator: Int) {
    guard numerator > 0, denominator > 0 else { return nil }
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The time in seconds.
  package var seconds: Double { Double(numerator) / Double(denominator) }
}

/// A point on the Earth in decimal degrees (WGS 84, as GPS records it).
package nonisolated struct GeoCoordinate: Hashable, Sendable {
  /// Degrees north of the equator; negative south.
  package let latitude: Double
  /// Degrees east of Greenwich; negative west.
  package let longitude: Double

  /// The point at `latitude`, `longitude`; `nil` outside ±90, ±180 or not finite
  /// (corrupt GPS tags).
  package init?(latitude: Double, longitude: Double) {
    guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180
    else { return nil }
    self.latitude = latitude
    self.longitude = longitude
  }

  /// The RFC 5870 `geo:` URI of the point (`geo:48.8584,2.2945`), which the desktop hands
  /// to its map application.
  package var geoURI: URL {
    URL(string: "geo:\(Self.decimal(latitude)),\(Self.decimal(longitude))")!
  }

  /// `value` with at most six decimals (about 10 cm), without a trailing zero or an
  /// exponent.
  private static func decimal(_ value: Double) -> String {
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }
}
