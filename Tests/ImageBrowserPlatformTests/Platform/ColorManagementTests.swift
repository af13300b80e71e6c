// Embedded ICC profiles: an Adobe RGB copy of a photo shows like the sRGB original.
import CImaging
import CLcms2
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

/// ICC profiles and tagged images made with lcms2 itself, so no profile file is needed.
@MainActor
enum ICCFixtures {
  /// Adobe RGB (1998): its primaries, D65 white and a 563/256 gamma.
  static func adobeRGB() -> [UInt8] {
    var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
    var primaries = cmsCIExyYTRIPLE(
      Red: cmsCIExyY(x: 0.64, y: 0.33, Y: 1), Green: cmsCIExyY(x: 0.21, y: 0.71, Y: 1),
      Blue: cmsCIExyY(x: 0.15, y: 0.06, Y: 1))
    let gamma = cmsBuildGamma(nil, 563.0 / 256.0)
    defer { cmsFreeToneCurve(gamma) }
    var curves: [OpaquePointer?] = [gamma, gamma, gamma]
    let profile = cmsCreateRGBProfile(&white, &primaries, &curves)!
    defer { cmsCloseProfile(profile) }
    return save(profile)
  }

  /// A grey profile: not RGB, so not applied.
  static func grey() -> [UInt8] {
    var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
    let gamma = cmsBuildGamma(nil, 2.2)
    defer { cmsFreeToneCurve(gamma) }
    let profile = cmsCreateGrayProfile(&white, gamma)!
    defer { cmsCloseProfile(profile) }
    return save(profile)
  }

  static func save(_ profile: cmsHPROFILE) -> [UInt8] {
    var size: cmsUInt32Number = 0
    cmsSaveProfileToMem(profile, nil, &size)
    var bytes = [UInt8](repeating: 0, count: Int(size))
    cmsSaveProfileToMem(profile, &bytes, &size)
    return bytes
  }

  /// A 96 × 64 "photo" of saturated and pastel colours, in sRGB.
  static func photo() -> OpaquePointer {
    let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 96, 64)!
    let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    let pixels = gdk_pixbuf_get_pixels(pixbuf)!
    for y in 0..<64 {
      for x in 0..<96 {
        let pixel = pixels + y * stride + x * 3
        pixel[0] = UInt8(x * 255 / 95)
        pixel[1] = UInt8(y * 255 / 63)
        pixel[2] = UInt8((95 - x) * 200 / 95 + 40)
      }
    }
    return pixbuf
  }

  /// A copy of `pixbuf`'s pixels converted from sRGB to the colour space of `profile`.
  static func converted(_ pixbuf: OpaquePointer, to profile: [UInt8]) -> OpaquePointer {
    let copy = gdk_pixbuf_copy(pixbuf)!
    let target = profile.withUnsafeBytes {
      cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count))
    }!
    defer { cmsCloseProfile(target) }
    let sRGB = cmsCreate_sRGBProfile()!
    defer { cmsCloseProfile(sRGB) }
    let format = clcms2_type_rgb_8()
    let transform = cmsCreateTransform(
      sRGB, format, target, format, cmsUInt32Number(INTENT_PERCEPTUAL), 0)!
    defer { cmsDeleteTransform(transform) }
    let stride = cmsUInt32Number(gdk_pixbuf_get_rowstride(copy))
    let pixels = gdk_pixbuf_get_pixels(copy)
    cmsDoTransformLineStride(
      transform, pixels, pixels, cmsUInt32Number(gdk_pixbuf_get_width(copy)),
      cmsUInt32Number(gdk_pixbuf_get_height(copy)), stride, stride, 0, 0)
    return copy
  }

  /// Saves `pixbuf` as `type` ("png", "jpeg") at `url`, with `profile` embedded if given.
  ///
  /// gdk-pixbuf 2.42 cannot save a PNG with a profile (it sets the iCCP chunk before the
  /// header, and libpng refuses an RGB profile for what it then takes as grey), so a
  /// PNG's profile is assigned by ImageMagick (`convert FILE -profile ICC FILE` assigns,
  /// not converts, when the image has none).
  static func write(_ pixbuf: OpaquePointer, to url: URL, type: String, profile: [UInt8]?) {
    var keys: [String] = []
    var values: [String] = []
    if let profile, type == "png" {
      write(pixbuf, to: url, type: type, profile: nil)
      let icc = url.deletingPathExtension().appendingPathExtension("icc")
      try? Data(profile).write(to: icc)
      let convert = Process()
      convert.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      convert.arguments = ["convert", url.path, "-profile", icc.path, url.path]
      do {
        try convert.run()
        convert.waitUntilExit()
      } catch {
        Issue.record("ImageMagick's convert is needed (scripts/install-deps.sh): \(error)")
      }
      return
    }
    if let profile {
      keys.append("icc-profile")
      values.append(Data(profile).base64EncodedString())
    }
    if type == "jpeg" {
      keys.append("quality")
      values.append("95")
    }
    var cKeys = keys.map { strdup($0) } + [nil]
    var cValues = values.map { strdup($0) } + [nil]
    defer { (cKeys + cValues).forEach { free($0) } }
    var error: UnsafeMutablePointer<GError>?
    gdk_pixbuf_savev(pixbuf, url.path, type, &cKeys, &cValues, &error)
    if let error {
      Issue.record("saving \(url.lastPathComponent): \(String(cString: error.pointee.message))")
      g_error_free(error)
    }
  }

  /// The mean absolute difference per channel between two pixbufs of one size.
  static func meanDifference(_ a: OpaquePointer, _ b: OpaquePointer) -> Double {
    let width = Int(gdk_pixbuf_get_width(a))
    let height = Int(gdk_pixbuf_get_height(a))
    guard width == gdk_pixbuf_get_width(b), height == gdk_pixbuf_get_height(b) else {
      return .infinity
    }
    let channels = (Int(gdk_pixbuf_get_n_channels(a)), Int(gdk_pixbuf_get_n_channels(b)))
    let strides = (Int(gdk_pixbuf_get_rowstride(a)), Int(gdk_pixbuf_get_rowstride(b)))
    let pixels = (gdk_pixbuf_read_pixels(a)!, gdk_pixbuf_read_pixels(b)!)
    var total = 0
    for y in 0..<height {
      for x in 0..<width {
        for channel in 0..<3 {
          let first = Int(pixels.0[y * strides.0 + x * channels.0 + channel])
          let second = Int(pixels.1[y * strides.1 + x * channels.1 + channel])
          total += abs(first - second)
        }
      }
    }
    return Double(total) / Double(width * height * 3)
  }

  /// The pixels of the file at `url`, as gdk-pixbuf reads them (no colour management).
  static func raw(_ url: URL) -> OpaquePointer {
    gdk_pixbuf_new_from_file(url.path, nil)!
  }
}

extension ImageBrowserPlatformTests {
  @Suite("Colour management")
  @MainActor
  struct ColorManagementTests {
    @Test("an Adobe RGB copy of a photo shows like the sRGB original", arguments: ["png", "jpeg"])
    func adobeLooksLikeSRGB(type: String) throws {
      let folder = try TemporaryFolder(files: [])
      let photo = ICCFixtures.photo()
      defer { g_object_unref(UnsafeMutableRawPointer(photo)) }
      let adobe = ICCFixtures.adobeRGB()
      let tagged = ICCFixtures.converted(photo, to: adobe)
      defer { g_object_unref(UnsafeMutableRawPointer(tagged)) }
      let original = folder.url.appendingPathComponent("srgb.\(type)")
      let copy = folder.url.appendingPathComponent("adobe.\(type)")
      ICCFixtures.write(photo, to: original, type: type, profile: nil)
      ICCFixtures.write(tagged, to: copy, type: type, profile: adobe)

      // Without the transform, the Adobe RGB numbers shown as sRGB differ visibly.
      let rawCopy = ICCFixtures.raw(copy)
      defer { g_object_unref(UnsafeMutableRawPointer(rawCopy)) }
      let rawOriginal = ICCFixtures.raw(original)
      defer { g_object_unref(UnsafeMutableRawPointer(rawOriginal)) }
      let unmanaged = ICCFixtures.meanDifference(rawOriginal, rawCopy)
      #expect(unmanaged > 8, "untransformed: \(unmanaged)")

      // Decoded by the browser, full size and scaled to fit, they look alike.
      for box in [nil, PixelSize(width: 48, height: 32)] {
        let shown = try ImageDecoder.decode(copy, fitting: box).get()
        let reference = try ImageDecoder.decode(original, fitting: box).get()
        let managed = ICCFixtures.meanDifference(reference.pixbuf, shown.pixbuf)
        #expect(managed < 2.5, "managed (\(box.map(\.description) ?? "full")): \(managed)")
      }
    }

    @Test("a garbage, truncated, non-RGB or non-base64 profile changes nothing")
    func badProfiles() throws {
      let adobe = ICCFixtures.adobeRGB()
      let profiles: [String] = [
        Data("this is not an ICC profile at all".utf8).base64EncodedString(),
        Data(adobe.prefix(100)).base64EncodedString(),
        Data(adobe.prefix(adobe.count - 40)).base64EncodedString(),
        Data(ICCFixtures.grey()).base64EncodedString(),
        Data((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).base64EncodedString(),
        "%%% not base64 %%%",
        "",
      ]
      for profile in profiles {
        let photo = ICCFixtures.photo()
        defer { g_object_unref(UnsafeMutableRawPointer(photo)) }
        let before = gdk_pixbuf_copy(photo)!
        defer { g_object_unref(UnsafeMutableRawPointer(before)) }
        gdk_pixbuf_set_option(photo, "icc-profile", profile)
        #expect(!ColorManagement.applyEmbeddedProfile(of: photo))
        #expect(ICCFixtures.meanDifference(before, photo) == 0)
      }
    }
  }
}
