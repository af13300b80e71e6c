// Reading a file's camera metadata, behind a protocol so tests can substitute fakes.
import Foundation

/// Reads the EXIF and XMP metadata of image files. The app's reader uses gexiv2
/// (`Exiv2MetadataReader`); tests use fakes.
///
/// Called on a background thread (never the main one) and must return: a file that is
/// not a regular file (a FIFO named `.jpg`), corrupt metadata or none at all give
/// `ImageMetadata.empty`, never a crash or a wait.
package nonisolated protocol MetadataReading: Sendable {
  /// The metadata of the file at `url`; `.empty` when it has none or it cannot be read.
  func metadata(at url: URL) -> ImageMetadata

  /// Every EXIF, IPTC and XMP tag of the file at `url`, in the file's families and
  /// order (EXIF, IPTC, XMP); none when it has none or it cannot be read.
  func fields(at url: URL) -> [MetadataField]
}

nonisolated extension MetadataReading {
  /// None: a reader that reads only the camera facts lists no fields.
  package func fields(at url: URL) -> [MetadataField] { [] }
}

/// A reader that knows nothing: for a view model not given one.
package nonisolated struct NoMetadataReading: MetadataReading {
  /// A reader that always answers `.empty`.
  package init() {}

  package func metadata(at url: URL) -> ImageMetadata { .empty }
}
