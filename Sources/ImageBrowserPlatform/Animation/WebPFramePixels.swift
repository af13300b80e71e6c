// A WebP canvas copied into a cairo surface, through the file's ICC profile when it has one.
import CImaging
import CLcms2
import CWebP
import Foundation
import ImageBrowserCore

/// How `WebPAnimation` turns libwebp's composed canvas into cairo's pixels.
///
/// Without a profile (or with an sRGB one) libwebp writes cairo's own layout
/// (premultiplied B, G, R, A in memory on little-endian machines) and each frame is one
/// copy. With a profile embedded in an `ICCP` chunk, libwebp writes straight RGBA and
/// Little CMS converts it to sRGB and premultiplies it into the surface in one pass, as
/// `ColorManagement` does for stills.
///
/// `@unchecked Sendable`: the transform is only used by one `surface` call at a time
/// (under `WebPAnimation`'s lock) and never changes.
nonisolated final class WebPFramePixels: @unchecked Sendable {
  /// The colour mode asked of libwebp's animation decoder.
  let decoderMode: WEBP_CSP_MODE
  /// Whether frames go through a profile conversion.
  var isColourManaged: Bool { profileTransform != nil }
  /// RGBA from the file's colour space to cairo's sRGB pixels, or `nil`.
  private let profileTransform: cmsHTRANSFORM?
  /// RGBA to cairo's pixels with no conversion, on a big-endian machine (libwebp has no
  /// premultiplied A, R, G, B mode).
  private let layoutTransform: cmsHTRANSFORM?

  /// Pixels for a file whose ICC profile is `profile` (`nil` without one).
  init(profile: Data?) {
    #if _endian(little)
      let cairoLayout = clcms2_type_bgra_8_premul()
    #else
      let cairoLayout = clcms2_type_argb_8_premul()
    #endif
    profileTransform = profile.flatMap {
      ColorManagement.transformToSRGB(from: $0, input: clcms2_type_rgba_8(), output: cairoLayout)
    }
    #if _endian(little)
      layoutTransform = nil
      decoderMode = profileTransform == nil ? MODE_bgrA : MODE_RGBA
    #else
      layoutTransform =
        profileTransform == nil ? Self.identity(output: cairoLayout) : nil
      decoderMode = MODE_RGBA
    #endif
  }

  deinit {
    if let profileTransform { cmsDeleteTransform(profileTransform) }
    if let layoutTransform { cmsDeleteTransform(layoutTransform) }
  }

  /// A new surface holding `canvas` (`size`, 4 bytes a pixel, rows unpadded, in
  /// `decoderMode`); `nil` when cairo cannot make one (out of memory).
  func surface(from canvas: UnsafePointer<UInt8>, size: PixelSize) -> CairoSurface? {
    guard
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))
    else { return nil }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let target = cairo_image_surface_get_data(surface)
    else {
      cairo_surface_destroy(surface)
      return nil
    }
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let rowBytes = size.width * 4
    if let transform = profileTransform ?? layoutTransform {
      cmsDoTransformLineStride(
        transform, canvas, target, cmsUInt32Number(size.width), cmsUInt32Number(size.height),
        cmsUInt32Number(rowBytes), cmsUInt32Number(stride), 0, 0)
    } else if stride == rowBytes {
      memcpy(target, canvas, rowBytes * size.height)
    } else {
      for row in 0..<size.height {
        memcpy(target + row * stride, canvas + row * rowBytes, rowBytes)
      }
    }
    cairo_surface_mark_dirty(surface)
    return CairoSurface(takingOwnership: surface)
  }

  /// sRGB to sRGB: only the layout changes (big-endian machines).
  private static func identity(output: cmsUInt32Number) -> cmsHTRANSFORM? {
    guard let sRGB = cmsCreate_sRGBProfile() else { return nil }
    defer { cmsCloseProfile(sRGB) }
    return cmsCreateTransform(
      sRGB, clcms2_type_rgba_8(), sRGB, output, cmsUInt32Number(INTENT_PERCEPTUAL),
      cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
  }
}
