// Writing an edited picture (crop, resize, turn) into a file: Save of a crop or a resize,
// and Save As.
import CExiv2Guard
import CGExiv2
import CImaging
import Foundation
import ImageBrowserCore

/// Writes a picture with its edits into a file, in the format the file's name says:
///
/// - JPEG to JPEG without a resize: the crop is cut losslessly (`JPEGTransform`) when its
///   left and top edges, in the file's stored pixels, fall on the JPEG's block grid; the
///   turn goes into the EXIF orientation tag, as a plain Save does. Nothing is decoded.
/// - Otherwise the picture is decoded (within `DecodeBudget`), turned, cut, scaled and
///   encoded: a JPEG at the quality the source JPEG was saved at (estimated from its
///   quantisation table; 90 for other sources), keeping the colour profile.
/// - The source's EXIF goes with it (into JPEG, PNG and TIFF): the orientation tag says
///   how the written pixels stand, the pixel dimensions say their size, and the EXIF
///   thumbnail, which would show the picture before the edit, is removed.
///
/// The destination is created new (never over another file unless `replacing`) or
/// replaced whole (`FileReplacement`, its permissions kept); a failure leaves the disk
/// as it was.
package nonisolated enum EditWriter {
  /// The formats written, by file name extension (gdk-pixbuf's saver names).
  static let formats: [String: String] = [
    "jpg": "jpeg", "jpeg": "jpeg", "jpe": "jpeg", "jfif": "jpeg", "png": "png", "bmp": "bmp",
    "tif": "tiff", "tiff": "tiff",
  ]
  /// The formats read to be written again.
  static let readable: Set<String> = [
    "jpeg", "png", "bmp", "tiff", "gif", "webp", "ico", "heif", "avif", "svg",
  ]
  /// The quality a JPEG is written at when the source was not a JPEG.
  static let defaultQuality = 90

  /// Writes `source` edited by `edit` into `destination` (see the type's description).
  package static func save(
    _ edit: ImageEdit, of source: URL, to destination: URL, replacing: Bool
  ) throws(FileOperationError) {
    let suffix = destination.pathExtension.lowercased()
    guard let format = formats[suffix] else {
      throw FileOperationError(
        url: destination,
        message: suffix.isEmpty
          ? tr("the name has no extension to tell the format (.jpg, .png, .tif or .bmp)")
          // TRANSLATORS: %s is a file name extension such as "gif".
          : tr("“.%s” files cannot be written (.jpg, .png, .tif and .bmp can)", suffix))
    }
    let original = try FileReplacement.read(source, forWriting: false)
    let sameFile =
      FilePathBytes.bytes(of: destination.resolvingSymlinksInPath())
      == original.path
    var info = stat()
    let exists = FileReplacement.withCString(FilePathBytes.bytes(of: destination)) {
      lstat($0, &info) == 0
    }
    if exists, !replacing {
      throw NewFile.failure(destination, EEXIST)
    }
    let written = try render(edit, of: original.bytes, as: format, url: source)
    let fill = { (descriptor: Int32, path: UnsafePointer<CChar>) throws(FileOperationError) in
      try FileReplacement.write(written.bytes, to: descriptor, url: destination)
      if let metadata = written.metadata {
        try Self.writeMetadata(metadata, from: original.bytes, to: path, url: destination)
      }
    }
    if exists {
      let target = sameFile ? original : try FileReplacement.read(destination)
      try FileReplacement.replace(target, url: destination, fill: fill)
    } else {
      try NewFile.create(destination, fill: fill)
    }
  }

  /// What the EXIF of a written file says: how its pixels stand and their size.
  struct Metadata {
    let orientation: Orientation
    let size: PixelSize
  }

  /// The bytes to write, and the EXIF to give them (`nil`: none, or the source's kept
  /// as it is by the lossless path).
  private static func render(
    _ edit: ImageEdit, of bytes: [UInt8], as format: String, url: URL
  ) throws(FileOperationError) -> (bytes: [UInt8], metadata: Metadata?) {
    let sourceIsJPEG = OrientationWriter.isJPEG(bytes)
    if sourceIsJPEG, format == "jpeg", edit.size == nil,
      let lossless = try losslessJPEG(edit, of: bytes, url: url)
    {
      return lossless
    }
    let pixbuf = try picture(edit, of: bytes, url: url, opaque: format == "jpeg" || format == "bmp")
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    var options: [(String, String)] = []
    if format == "jpeg" {
      let quality = sourceIsJPEG ? JPEGTransform.quality(of: bytes) : nil
      options.append(("quality", String(quality ?? defaultQuality)))
    }
    if format == "jpeg" || format == "png" || format == "tiff",
      let profile = gdk_pixbuf_get_option(pixbuf, "icc-profile")
    {
      options.append(("icc-profile", String(cString: profile)))
    }
    let encoded = try OrientationWriter.encode(pixbuf, format: format, options: options, url: url)
    let size = PixelSize(
      width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
    return (encoded, format == "bmp" ? nil : Metadata(orientation: .up, size: size))
  }

  /// The JPEG cut without loss and its EXIF, or `nil` when the crop's edges miss the
  /// block grid (the caller encodes it again).
  private static func losslessJPEG(
    _ edit: ImageEdit, of bytes: [UInt8], url: URL
  ) throws(FileOperationError) -> (bytes: [UInt8], metadata: Metadata?)? {
    // Nothing to change: the same bytes, EXIF and all.
    if edit.isIdentity { return (bytes, nil) }
    guard let header = JPEGTransform.header(of: bytes) else { return nil }
    // How the stored pixels show: the file's own tag, then the edit's turn.
    let shown = storedOrientation(of: bytes).then(edit.orientation)
    let oriented = shown.swapsDimensions ? header.size.transposed : header.size
    var stored = PixelRect(header.size)
    var cut = bytes
    if let crop = edit.crop {
      stored = crop.transformed(by: shown.inverse, in: oriented)
      guard JPEGTransform.isLossless(stored, in: header) else { return nil }
      cut = try JPEGTransform.crop(bytes, to: stored, url: url)
    }
    return (cut, Metadata(orientation: shown, size: stored.size))
  }

  /// The EXIF orientation of the file in `bytes` (`.up` without one).
  static func storedOrientation(of bytes: [UInt8]) -> Orientation {
    guard gexiv2_initialize() != 0, let handle = gexiv2_metadata_new() else { return .up }
    defer { g_object_unref(handle) }
    var error: UnsafeMutablePointer<GError>?
    defer { g_clear_error(&error) }
    let opened = bytes.withUnsafeBufferPointer {
      cexiv2_metadata_open_buf(handle, $0.baseAddress, glong($0.count), &error)
    }
    guard opened != 0 else { return .up }
    let value = cexiv2_metadata_try_get_orientation(handle, &error)
    return Orientation(exif: Int(value.rawValue)) ?? .up
  }

  /// The picture in `bytes` decoded, upright, turned, cut and scaled as `edit` says (made
  /// opaque on white for formats without alpha), for the caller to unref.
  private static func picture(
    _ edit: ImageEdit, of bytes: [UInt8], url: URL, opaque: Bool
  ) throws(FileOperationError) -> OpaquePointer {
    let decoded = try OrientationWriter.decode(bytes, url: url, accepting: readable)
    defer { g_object_unref(UnsafeMutableRawPointer(decoded.pixbuf)) }
    let outOfMemory = FileOperationError(url: url, message: tr("there is not enough memory"))
    guard let upright = gdk_pixbuf_apply_embedded_orientation(decoded.pixbuf) else {
      throw outOfMemory
    }
    defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
    guard let turned = PixbufOrientation.apply(edit.orientation, to: upright) else {
      throw outOfMemory
    }
    var current = turned
    let full = PixelSize(
      width: Int(gdk_pixbuf_get_width(turned)), height: Int(gdk_pixbuf_get_height(turned)))
    if let crop = edit.crop {
      guard let inside = crop.clamped(to: full) else {
        g_object_unref(UnsafeMutableRawPointer(turned))
        throw FileOperationError(url: url, message: tr("the crop lies outside the image"))
      }
      let part = gdk_pixbuf_new_subpixbuf(
        turned, Int32(inside.x), Int32(inside.y), Int32(inside.width), Int32(inside.height))
      let copy = part.flatMap { gdk_pixbuf_copy($0) }
      if let part { g_object_unref(UnsafeMutableRawPointer(part)) }
      g_object_unref(UnsafeMutableRawPointer(turned))
      guard let copy else { throw outOfMemory }
      current = copy
    }
    if let size = edit.size {
      let scaled = gdk_pixbuf_scale_simple(
        current, Int32(size.width), Int32(size.height), GDK_INTERP_HYPER)
      g_object_unref(UnsafeMutableRawPointer(current))
      guard let scaled else { throw outOfMemory }
      current = scaled
    }
    if opaque, gdk_pixbuf_get_has_alpha(current) != 0 {
      let width = gdk_pixbuf_get_width(current)
      let height = gdk_pixbuf_get_height(current)
      let flat = gdk_pixbuf_composite_color_simple(
        current, width, height, GDK_INTERP_NEAREST, 255, 8, 0xFFFF_FFFF, 0xFFFF_FFFF)
      g_object_unref(UnsafeMutableRawPointer(current))
      guard let flat else { throw outOfMemory }
      current = flat
    }
    // Keep the decoded file's colour profile on what is written.
    if let profile = gdk_pixbuf_get_option(decoded.pixbuf, "icc-profile") {
      gdk_pixbuf_set_option(current, "icc-profile", profile)
    }
    return current
  }

  /// Gives the file at `path` the EXIF of `source` (when it has any), saying how the
  /// pixels written stand and their size, without the stale EXIF thumbnail.
  private static func writeMetadata(
    _ metadata: Metadata, from source: [UInt8], to path: UnsafePointer<CChar>, url: URL
  ) throws(FileOperationError) {
    guard gexiv2_initialize() != 0, var handle = gexiv2_metadata_new() else {
      throw FileOperationError(url: url, message: tr("the metadata library cannot start"))
    }
    defer { g_object_unref(handle) }
    var error: UnsafeMutablePointer<GError>?
    defer { g_clear_error(&error) }
    let opened = source.withUnsafeBufferPointer {
      cexiv2_metadata_open_buf(handle, $0.baseAddress, glong($0.count), &error)
    }
    g_clear_error(&error)
    if opened == 0 || gexiv2_metadata_has_exif(handle) == 0 {
      // No EXIF to keep (or none Exiv2 can read): the file gets one only when its pixels
      // stand turned (a JPEG cut without loss, turned by its tag).
      guard !metadata.orientation.isIdentity, let fresh = gexiv2_metadata_new() else { return }
      g_object_unref(handle)
      handle = fresh
      guard cexiv2_metadata_open_path(handle, path, &error) != 0 else {
        let reason = error.map { String(cString: $0.pointee.message) } ?? ""
        throw FileOperationError(
          url: url, message: tr("its metadata cannot be written (%s)", reason))
      }
    }
    cexiv2_metadata_try_set_orientation(
      handle, GExiv2Orientation(rawValue: UInt32(metadata.orientation.exifValue)), &error)
    _ = cexiv2_metadata_try_set_tag_string(
      handle, "Exif.Photo.PixelXDimension", String(metadata.size.width), &error)
    _ = cexiv2_metadata_try_set_tag_string(
      handle, "Exif.Photo.PixelYDimension", String(metadata.size.height), &error)
    cexiv2_metadata_try_erase_exif_thumbnail(handle, &error)
    g_clear_error(&error)
    guard cexiv2_metadata_save_file(handle, path, &error) != 0 else {
      let reason = error.map { String(cString: $0.pointee.message) } ?? ""
      throw FileOperationError(
        url: url, message: tr("its metadata cannot be written (%s)", reason))
    }
  }
}
