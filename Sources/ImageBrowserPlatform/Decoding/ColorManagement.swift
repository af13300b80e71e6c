// Embedded ICC profiles applied for display: pixels converted to sRGB with Little CMS.
import CImaging
import CLcms2
import Foundation

/// Converts decoded images that carry an ICC profile (gdk-pixbuf's `icc-profile` option,
/// set by its JPEG, PNG and TIFF loaders) to sRGB, the colour space the screen is taken
/// to show, as Eye of GNOME does without a display profile. A photo saved in Adobe RGB
/// then looks as it should instead of dull.
///
/// Runs on the decoding thread, in place, before the pixels become a cairo surface.
/// A profile that cannot be read (garbage, truncated), that is not RGB (grey, CMYK), or
/// that already is sRGB leaves the pixels as they are.
package nonisolated enum ColorManagement {
  /// The largest profile accepted (a real one is a few kB; a camera's up to about 1 MB).
  static let maximumProfileSize = 4 << 20

  /// The profile embedded in `pixbuf`, decoded from its base64 option; `nil` when there
  /// is none or it is not base64.
  package static func embeddedProfile(of pixbuf: OpaquePointer) -> Data? {
    guard let option = gdk_pixbuf_get_option(pixbuf, "icc-profile") else { return nil }
    let text = String(cString: option)
    guard text.utf8.count <= maximumProfileSize * 4 / 3 + 4,
      let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters), !data.isEmpty
    else { return nil }
    return data
  }

  /// Converts the pixels of `pixbuf` from the colour space of `profile` (ICC bytes) to
  /// sRGB, in place. Returns whether it changed anything.
  @discardableResult
  package static func convertToSRGB(_ pixbuf: OpaquePointer, from profile: Data) -> Bool {
    guard profile.count <= maximumProfileSize,
      gdk_pixbuf_get_bits_per_sample(pixbuf) == 8,
      gdk_pixbuf_get_colorspace(pixbuf) == GDK_COLORSPACE_RGB
    else { return false }
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
    guard channels == (hasAlpha ? 4 : 3) else { return false }
    let format = hasAlpha ? clcms2_type_rgba_8() : clcms2_type_rgb_8()
    guard let transform = transformToSRGB(from: profile, input: format, output: format) else {
      return false
    }
    defer { cmsDeleteTransform(transform) }
    let width = gdk_pixbuf_get_width(pixbuf)
    let height = gdk_pixbuf_get_height(pixbuf)
    let stride = gdk_pixbuf_get_rowstride(pixbuf)
    guard width > 0, height > 0, let pixels = gdk_pixbuf_get_pixels(pixbuf) else { return false }
    // In place, row by row (gdk-pixbuf rows are padded to `stride`).
    cmsDoTransformLineStride(
      transform, pixels, pixels, cmsUInt32Number(width), cmsUInt32Number(height),
      cmsUInt32Number(stride), cmsUInt32Number(stride), 0, 0)
    return true
  }

  /// Converts `pixbuf` to sRGB if it carries a usable profile; see `convertToSRGB`.
  @discardableResult
  package static func applyEmbeddedProfile(
    of pixbuf: OpaquePointer, to target: OpaquePointer? = nil
  ) -> Bool {
    guard let profile = embeddedProfile(of: pixbuf) else { return false }
    return convertToSRGB(target ?? pixbuf, from: profile)
  }

  /// A Little CMS transform from the colour space of `profile` (ICC bytes) to sRGB,
  /// reading pixels laid out as `input` and writing them as `output` (alpha copied), for
  /// the caller to delete with `cmsDeleteTransform`; `nil` when the profile is too
  /// large, cannot be read, is not RGB or already is sRGB.
  package static func transformToSRGB(
    from profile: Data, input: cmsUInt32Number, output: cmsUInt32Number
  ) -> cmsHTRANSFORM? {
    guard profile.count <= maximumProfileSize,
      let source = profile.withUnsafeBytes({
        cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count))
      })
    else { return nil }
    defer { cmsCloseProfile(source) }
    guard cmsGetColorSpace(source) == cmsSigRgbData, !isSRGB(source),
      let sRGB = cmsCreate_sRGBProfile()
    else { return nil }
    defer { cmsCloseProfile(sRGB) }
    return cmsCreateTransform(
      source, input, sRGB, output, cmsUInt32Number(INTENT_PERCEPTUAL),
      cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
  }

  /// Whether `profile` describes sRGB already (most cameras embed it): converting would
  /// change nothing but take time.
  private static func isSRGB(_ profile: cmsHPROFILE) -> Bool {
    var buffer = [CChar](repeating: 0, count: 128)
    let length = cmsGetProfileInfoASCII(
      profile, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count))
    guard length > 0 else { return false }
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let description = String(decoding: bytes, as: UTF8.self).lowercased()
    return description.hasPrefix("srgb") || description.contains("iec61966-2")
      || description.contains("iec 61966-2")
  }
}
