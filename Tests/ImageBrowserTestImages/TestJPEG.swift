// Small real JPEG and PNG files for tests that need a decodable image on disk.
import CImaging
import Foundation

@testable import ImageBrowserTestSupport

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

/// A 16 × 16 progressive JPEG (4:2:0), made with Pillow, and the same file with its
/// frame header patched to claim another size: how a small file makes a progressive
/// decoder allocate coefficients for a huge picture.
enum ProgressiveJPEG {
  static let bytes = Array(
    Data(
      base64Encoded:
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wgARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAVAQEBAAAAAAAAAAAAAAAAAAADBP/aAAwDAQACEAMQAAABopD/xAAUEAEAAAAAAAAAAAAAAAAAAAAg/9oACAEBAAEFAh//xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oACAEDAQE/AX//xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oACAECAQE/AX//xAAUEAEAAAAAAAAAAAAAAAAAAAAg/9oACAEBAAY/Ah//xAAUEAEAAAAAAAAAAAAAAAAAAAAg/9oACAEBAAE/IR//2gAMAwEAAgADAAAAEAP/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oACAEDAQE/EH//xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oACAECAQE/EH//xAAUEAEAAAAAAAAAAAAAAAAAAAAg/9oACAEBAAE/EB//2Q=="
    )!)

  /// The file claiming `width` × `height` in its SOF2 header.
  static func claiming(width: UInt16, height: UInt16) -> [UInt8] {
    var bytes = bytes
    let sof = (0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC2 }!
    bytes[sof + 5] = UInt8(height >> 8)
    bytes[sof + 6] = UInt8(height & 0xFF)
    bytes[sof + 7] = UInt8(width >> 8)
    bytes[sof + 8] = UInt8(width & 0xFF)
    return bytes
  }
}
