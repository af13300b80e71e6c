// Reading EXIF and XMP with gexiv2 (Exiv2): the camera facts of the properties sidebar.
import CExiv2Guard
import CGExiv2
import Foundation
import ImageBrowserCore

/// Reads camera metadata with gexiv2, from EXIF first and XMP where EXIF lacks a field.
///
/// Never blocks and never fails loudly: the file is opened as `Exiv2File` says (never
/// waited on, the very file read). Exiv2 reports corrupt metadata as errors (caught by
/// gexiv2), which give `.empty`; so do the C++ exceptions gexiv2 lets through (a WebP
/// declaring a 4 GiB RIFF chunk makes Exiv2 throw `std::overflow_error`): every gexiv2
/// call goes through `CExiv2Guard`, which catches them. Strings longer than
/// `maximumStringLength` are cut. Calls may run on any threads at once.
package nonisolated struct Exiv2MetadataReader: MetadataReading {
  /// The longest text kept from a tag (a lens name, a camera model).
  static let maximumStringLength = 200

  /// A reader; initializes gexiv2 (once per process) the first time.
  package init() {
    _ = Exiv2File.isAvailable
  }

  package func metadata(at url: URL) -> ImageMetadata {
    Exiv2File.withMetadata(of: url) { Self.fields(of: Tags(handle: $0)) } ?? .empty
  }

  /// The fields `tags` holds.
  private static func fields(of tags: Tags) -> ImageMetadata {
    var metadata = ImageMetadata()
    metadata.cameraMake = tags.string("Exif.Image.Make", "Xmp.tiff.Make")
    metadata.cameraModel = tags.string("Exif.Image.Model", "Xmp.tiff.Model")
    metadata.lens = tags.string("Exif.Photo.LensModel", "Xmp.exifEX.LensModel", "Xmp.aux.Lens")
    metadata.exposureTime = tags.exposureTime()
    metadata.fNumber = tags.positive(cexiv2_metadata_try_get_fnumber)
    metadata.focalLength = tags.positive(cexiv2_metadata_try_get_focal_length)
    let iso = tags.call { cexiv2_metadata_try_get_iso_speed(tags.handle, &$0) }
    metadata.isoSpeed = iso > 0 ? Int(iso) : nil
    metadata.dateTaken =
      tags.string("Exif.Photo.DateTimeOriginal").flatMap {
        DateTaken(exif: $0, offset: tags.string("Exif.Photo.OffsetTimeOriginal"))
      }
      ?? tags.string("Exif.Photo.DateTimeDigitized").flatMap {
        DateTaken(exif: $0, offset: tags.string("Exif.Photo.OffsetTimeDigitized"))
      }
      ?? tags.string("Xmp.exif.DateTimeOriginal", "Xmp.photoshop.DateCreated", "Xmp.xmp.CreateDate")
      .flatMap { DateTaken(xmp: $0) }
    metadata.location = tags.location()
    return metadata
  }

  /// The tags of one opened file.
  private struct Tags {
    let handle: UnsafeMutablePointer<GExiv2Metadata>

    /// The first of `names` that holds text, trimmed (spaces and NULs) and cut to
    /// `maximumStringLength`.
    func string(_ names: String...) -> String? {
      for name in names {
        var error: UnsafeMutablePointer<GError>?
        guard cexiv2_metadata_try_has_tag(handle, name, &error) != 0 else {
          g_clear_error(&error)
          continue
        }
        guard let raw = cexiv2_metadata_try_get_tag_string(handle, name, &error) else {
          g_clear_error(&error)
          continue
        }
        defer { g_free(raw) }
        let text = String(
          decoding: UnsafeRawBufferPointer(start: raw, count: strlen(raw)), as: UTF8.self
        )
        .trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(["\0"]))
        if !text.isEmpty { return String(text.prefix(maximumStringLength)) }
      }
      return nil
    }

    /// Calls `body` with an error slot; an error is cleared (the value then is the
    /// function's "unknown").
    func call<Value>(_ body: (inout UnsafeMutablePointer<GError>?) -> Value) -> Value {
      var error: UnsafeMutablePointer<GError>?
      let value = body(&error)
      g_clear_error(&error)
      return value
    }

    /// A positive, finite value of a gexiv2 getter that answers -1 for unknown.
    func positive(
      _ getter: (
        UnsafeMutablePointer<GExiv2Metadata>?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
      ) -> Double
    ) -> Double? {
      let value = call { getter(handle, &$0) }
      return value.isFinite && value > 0 ? value : nil
    }

    func exposureTime() -> ExposureTime? {
      var numerator: Int32 = 0
      var denominator: Int32 = 0
      let found = call {
        cexiv2_metadata_try_get_exposure_time(handle, &numerator, &denominator, &$0)
      }
      guard found != 0 else { return nil }
      return ExposureTime(numerator: Int(numerator), denominator: Int(denominator))
    }

    func location() -> GeoCoordinate? {
      var latitude = 0.0
      var longitude = 0.0
      guard call({ cexiv2_metadata_try_get_gps_latitude(handle, &latitude, &$0) }) != 0,
        call({ cexiv2_metadata_try_get_gps_longitude(handle, &longitude, &$0) }) != 0
      else { return nil }
      return GeoCoordinate(latitude: latitude, longitude: longitude)
    }
  }
}
