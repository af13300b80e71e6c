// The properties sidebar's contents: one labelled row per known camera fact.
import Foundation

/// One row of the properties sidebar: what it is, its value for people, and a link to
/// open (the location's `geo:` URI) if any.
package nonisolated struct PropertyRow: Hashable, Sendable {
  /// What the value is: "Camera", "Exposure"…
  package let label: String
  /// The value, formatted (`MetadataFormat`).
  package let value: String
  /// Where activating the value leads (a map for the location), if anywhere.
  package let link: URL?

  /// A row saying `value` about `label`, linking to `link`.
  package init(_ label: String, _ value: String, link: URL? = nil) {
    self.label = label
    self.value = value
    self.link = link
  }
}

/// What the properties sidebar shows for one image: its name, then one row per field of
/// its metadata that is known, in a fixed order; or that it is still being read.
package nonisolated struct ImageProperties: Hashable, Sendable {
  /// The image's file name.
  package let name: String
  /// The rows, in display order; empty when the image has no camera facts.
  package let rows: [PropertyRow]
  /// Whether the metadata is still being read (the rows are then empty).
  package let isReading: Bool

  /// The properties of `item` with `metadata`, or still being read when `nil`.
  package init(item: ImageItem, metadata: ImageMetadata?, locale: Locale = .current) {
    name = item.shownName
    isReading = metadata == nil
    rows = metadata.map { Self.rows($0, locale: locale) } ?? []
  }

  /// Every row label, in display order: each image shows the ones it has.
  /// These are keys (English); the sidebar shows each as `tr(label)`.
  package static let labels = [
    N_("Camera"), N_("Lens"), N_("Exposure"), N_("Aperture"), N_("ISO"), N_("Focal length"),
    N_("Taken"), N_("Location"),
  ]

  /// What the sidebar says instead of rows, if anything.
  package var message: String? {
    if isReading { return tr("Reading…") }
    return rows.isEmpty ? tr("No camera information") : nil
  }

  /// The rows for the known fields of `metadata`.
  static func rows(_ metadata: ImageMetadata, locale: Locale) -> [PropertyRow] {
    typealias F = MetadataFormat
    let entries: [(String, String?, URL?)] = [
      ("Camera", F.camera(make: metadata.cameraMake, model: metadata.cameraModel), nil),
      ("Lens", metadata.lens, nil),
      ("Exposure", metadata.exposureTime.map(F.exposure), nil),
      ("Aperture", metadata.fNumber.map(F.aperture), nil),
      ("ISO", metadata.isoSpeed.map(F.iso), nil),
      ("Focal length", metadata.focalLength.map(F.focalLength), nil),
      ("Taken", metadata.dateTaken.flatMap { F.dateTaken($0, locale: locale) }, nil),
      ("Location", metadata.location.map(F.coordinate), metadata.location?.geoURI),
    ]
    return entries.compactMap { label, value, link in
      value.map { PropertyRow(label, $0, link: link) }
    }
  }
}
