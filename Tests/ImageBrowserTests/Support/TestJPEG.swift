// Small real JPEG and PNG files for tests that need a decodable image on disk.
import CGtk
import Foundation

/// Writes small images of one colour with gdk-pixbuf.
enum TestImages {
  /// Writes a `width`×`height` image in `format` (`"jpeg"`, `"png"`) to `url`; returns
  /// whether it was saved.
  @discardableResult
  static func write(
    to url: URL, format: String = "jpeg", width: Int32 = 64, height: Int32 = 48,
    rgba: UInt32 = 0x3366_99FF
  ) -> Bool {
    guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height) else {
      return false
    }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    gdk_pixbuf_fill(pixbuf, rgba)
    var error: UnsafeMutablePointer<GError>?
    gdk_pixbuf_savev(pixbuf, url.path, format, nil, nil, &error)
    guard error == nil else {
      g_error_free(error)
      return false
    }
    return true
  }
}
