// Writes EXIF and XMP into test images with gexiv2: the fixtures of the metadata tests.
import CGExiv2
import Foundation

@testable import ImageBrowserTestSupport

/// Writes metadata tags into an existing image file, as a camera or a photo tool would.
/// Test-only: the app never writes metadata.
enum ExifWriter {
  /// Sets `tags` (`"Exif.Image.Make": "Canon"`, `"Xmp.aux.Lens": "…"`) and, if given,
  /// the GPS position, in the file at `url`; returns whether gexiv2 saved it.
  @discardableResult
  static func write(
    _ tags: [String: String], gps: (latitude: Double, longitude: Double)? = nil, to url: URL
  ) -> Bool {
    guard gexiv2_initialize() != 0, let handle = gexiv2_metadata_new() else { return false }
    defer { g_object_unref(handle) }
    var error: UnsafeMutablePointer<GError>?
    defer { g_clear_error(&error) }
    guard gexiv2_metadata_open_path(handle, url.path, &error) != 0 else { return false }
    for (tag, value) in tags.sorted(by: { $0.key < $1.key }) {
      guard gexiv2_metadata_try_set_tag_string(handle, tag, value, &error) != 0 else {
        return false
      }
    }
    if let gps {
      guard
        gexiv2_metadata_try_set_gps_info(handle, gps.longitude, gps.latitude, 35, &error) != 0
      else { return false }
    }
    return gexiv2_metadata_save_file(handle, url.path, &error) != 0
  }

  /// Embeds the JPEG at `thumbnail` as the EXIF thumbnail of the image at `url`, with
  /// the EXIF orientation `orientation` (1–8), as a camera does; whether it was saved.
  @discardableResult
  static func embedThumbnail(_ thumbnail: URL, orientation: Int = 1, in url: URL) -> Bool {
    guard gexiv2_initialize() != 0, let handle = gexiv2_metadata_new() else { return false }
    defer { g_object_unref(handle) }
    var error: UnsafeMutablePointer<GError>?
    defer { g_clear_error(&error) }
    guard gexiv2_metadata_open_path(handle, url.path, &error) != 0,
      gexiv2_metadata_set_exif_thumbnail_from_file(handle, thumbnail.path, &error) != 0
    else { return false }
    gexiv2_metadata_try_set_orientation(
      handle, GExiv2Orientation(rawValue: UInt32(orientation)), &error)
    return error == nil && gexiv2_metadata_save_file(handle, url.path, &error) != 0
  }

  /// The tags a typical camera writes, for the sidebar's rows.
  static let camera: [String: String] = [
    "Exif.Image.Make": "Canon",
    "Exif.Image.Model": "Canon EOS R6",
    "Exif.Photo.LensModel": "RF24-105mm F4 L IS USM",
    "Exif.Photo.ExposureTime": "1/250",
    "Exif.Photo.FNumber": "28/10",
    "Exif.Photo.ISOSpeedRatings": "400",
    "Exif.Photo.FocalLength": "35/1",
    "Exif.Photo.DateTimeOriginal": "2023:06:01 14:30:05",
    "Exif.Photo.OffsetTimeOriginal": "+02:00",
  ]

  /// The EXIF orientation gexiv2 reads in `url` (0 when there is none).
  static func exifOrientation(_ url: URL) -> Int {
    guard gexiv2_initialize() != 0, let handle = gexiv2_metadata_new() else { return -1 }
    defer { g_object_unref(handle) }
    var error: UnsafeMutablePointer<GError>?
    defer { g_clear_error(&error) }
    guard gexiv2_metadata_open_path(handle, url.path, &error) != 0 else { return -1 }
    guard gexiv2_metadata_try_has_tag(handle, "Exif.Image.Orientation", &error) != 0 else {
      return 0
    }
    return Int(gexiv2_metadata_try_get_tag_long(handle, "Exif.Image.Orientation", &error))
  }
}
