// Saving a turn or a mirror: a JPEG's orientation tag with gexiv2, PNG and BMP encoded again.
import CExiv2Guard
import CGExiv2
import CImaging
import Foundation
import ImageBrowserCore

/// Writes the user's turns and mirrors into image files, as Eye of GNOME does:
///
/// - a JPEG keeps every byte of its compressed pixels: only its EXIF `Orientation` tag
///   changes (composed with the one it had; a JPEG without EXIF gets an EXIF block), so
///   saving loses nothing, however often;
/// - a PNG or a BMP is decoded, turned and encoded again in its own format, losslessly
///   (a PNG keeps its colour profile, resolution and text chunks); a 16-bit PNG is
///   refused, since gdk-pixbuf would keep only 8 bits;
/// - any other format is refused with a sentence saying so (`method(for:)` tells the
///   window before the user tries).
///
/// The format is told from the file's content, not its name. The file is replaced whole
/// (`FileReplacement`): its permissions stay, a failure leaves it untouched. The shared
/// thumbnail cache's entries for the file are removed, so no one shows the old
/// orientation.
package nonisolated struct OrientationWriter: OrientationSaving {
  /// The thumbnail cache whose entries of a saved file are dropped, if any.
  package let thumbnailCache: ThumbnailCache?

  /// A writer that drops the saved files' entries from `thumbnailCache`.
  package init(thumbnailCache: ThumbnailCache? = nil) {
    self.thumbnailCache = thumbnailCache
  }

  /// The file name extensions of each way of saving.
  static let metadataExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif"]
  static let reencodedFormats: [String: String] = ["png": "png", "bmp": "bmp"]

  package func method(for url: URL) -> OrientationSaveMethod {
    let suffix = url.pathExtension.lowercased()
    if Self.metadataExtensions.contains(suffix) { return .metadata }
    if Self.reencodedFormats[suffix] != nil { return .reencoding }
    return .unsupported(Self.unsupported(suffix.uppercased()))
  }

  private static func unsupported(_ format: String) -> String {
    // TRANSLATORS: %s is a format's name (GIF, TIFF, WEBP).
    format.isEmpty
      ? tr("files of this format cannot be saved turned (JPEG, PNG and BMP can)")
      : tr("%s files cannot be saved turned (JPEG, PNG and BMP can)", format)
  }

  package func save(_ orientation: Orientation, to url: URL) throws(FileOperationError) {
    let original = try FileReplacement.read(url)
    if Self.isJPEG(original.bytes) {
      try FileReplacement.replace(original, url: url) {
        (descriptor, path) throws(FileOperationError) in
        try FileReplacement.write(original.bytes, to: descriptor, url: url)
        try Self.turnTag(of: path, by: orientation, url: url)
      }
    } else {
      let encoded = try Self.reencoded(original.bytes, turnedBy: orientation, url: url)
      try FileReplacement.replace(original, url: url) {
        (descriptor, _) throws(FileOperationError) in
        try FileReplacement.write(encoded, to: descriptor, url: url)
      }
    }
    thumbnailCache?.forget(url)
  }

  package func save(_ edit: ImageEdit, of source: URL, to destination: URL, replacing: Bool)
    throws(FileOperationError)
  {
    try EditWriter.save(edit, of: source, to: destination, replacing: replacing)
    thumbnailCache?.forget(destination)
  }

  // MARK: JPEG

  /// Whether `bytes` start like a JPEG (a start-of-image marker, then another marker).
  static func isJPEG(_ bytes: [UInt8]) -> Bool {
    bytes.count > 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
  }

  /// Composes `orientation` with the EXIF orientation of the JPEG at `path` and writes it
  /// there with gexiv2 (which rewrites only the metadata segments).
  private static func turnTag(
    of path: UnsafePointer<CChar>, by orientation: Orientation, url: URL
  ) throws(FileOperationError) {
    guard gexiv2_initialize() != 0, let handle = gexiv2_metadata_new() else {
      throw FileOperationError(url: url, message: tr("the metadata library cannot start"))
    }
    defer { g_object_unref(handle) }
    var error: UnsafeMutablePointer<GError>?
    func check(_ succeeded: Bool) throws(FileOperationError) {
      if let raised = error {
        let message = String(cString: raised.pointee.message)
        g_clear_error(&error)
        throw FileOperationError(
          url: url, message: tr("its metadata cannot be written (%s)", message))
      }
      if !succeeded {
        throw FileOperationError(url: url, message: tr("its metadata cannot be written"))
      }
    }
    try check(cexiv2_metadata_open_path(handle, path, &error) != 0)
    let stored = cexiv2_metadata_try_get_orientation(handle, &error)
    g_clear_error(&error)  // No tag: shown as stored.
    let shown = Orientation(exif: Int(stored.rawValue)) ?? .up
    let saved = shown.then(orientation)
    cexiv2_metadata_try_set_orientation(
      handle, GExiv2Orientation(rawValue: UInt32(saved.exifValue)), &error)
    try check(true)
    try check(cexiv2_metadata_save_file(handle, path, &error) != 0)
  }

  // MARK: Encoding again

  /// The image in `bytes`, as shown (its own orientation applied), turned by
  /// `orientation` and encoded again in its format.
  private static func reencoded(
    _ bytes: [UInt8], turnedBy orientation: Orientation, url: URL
  ) throws(FileOperationError) -> [UInt8] {
    let decoded = try decode(bytes, url: url)
    defer { g_object_unref(UnsafeMutableRawPointer(decoded.pixbuf)) }
    if decoded.format == "png", bytes.count > 24, bytes[24] == 16 {
      throw FileOperationError(
        url: url, message: tr("it has 16 bits per channel, which saving would reduce to 8"))
    }
    guard let upright = gdk_pixbuf_apply_embedded_orientation(decoded.pixbuf),
      let turned = PixbufOrientation.apply(orientation, to: upright)
    else { throw FileOperationError(url: url, message: tr("there is not enough memory")) }
    g_object_unref(UnsafeMutableRawPointer(upright))
    defer { g_object_unref(UnsafeMutableRawPointer(turned)) }
    let options =
      decoded.format == "png" ? pngOptions(of: decoded.pixbuf, turnedBy: orientation) : []
    return try encode(turned, format: decoded.format, options: options, url: url)
  }

  /// Decodes `bytes` at full size with a plain loader (no colour conversion: the pixels
  /// are written back as they were); refuses formats saved any other way.
  static func decode(
    _ bytes: [UInt8], url: URL, accepting formats: Set<String>? = nil
  ) throws(FileOperationError) -> (
    pixbuf: OpaquePointer, format: String
  ) {
    guard let loader = gdk_pixbuf_loader_new() else {
      throw FileOperationError(url: url, message: tr("there is not enough memory"))
    }
    defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
    var error: UnsafeMutablePointer<GError>?
    let written = bytes.withUnsafeBufferPointer {
      gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error)
    }
    var closeError: UnsafeMutablePointer<GError>?
    let closed = gdk_pixbuf_loader_close(loader, &closeError)
    if error == nil { error = closeError } else if let closeError { g_error_free(closeError) }
    if let error {
      let message = String(cString: error.pointee.message)
      g_error_free(error)
      throw FileOperationError(url: url, message: tr("it cannot be read as an image (%s)", message))
    }
    let format = gdk_pixbuf_loader_get_format(loader)
      .flatMap { gdk_pixbuf_format_get_name($0) }
      .map { name in
        defer { g_free(name) }
        return String(cString: name)
      }
    guard let format, (formats ?? Set(reencodedFormats.values)).contains(format) else {
      throw FileOperationError(url: url, message: unsupported(format?.uppercased() ?? ""))
    }
    guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader),
      Int(gdk_pixbuf_get_width(pixbuf)) * Int(gdk_pixbuf_get_height(pixbuf))
        <= DecodeBudget.pixels
    else { throw FileOperationError(url: url, message: tr("it cannot be read as an image")) }
    g_object_ref(UnsafeMutableRawPointer(pixbuf))
    return (pixbuf, format)
  }

  /// What a PNG keeps when encoded again: its colour profile, its resolution (turned
  /// with it) and its text chunks.
  private static func pngOptions(of pixbuf: OpaquePointer, turnedBy orientation: Orientation)
    -> [(String, String)]
  {
    var options: [(String, String)] = []
    guard let table = gdk_pixbuf_get_options(pixbuf) else { return options }
    defer { g_hash_table_destroy(table) }
    var iterator = GHashTableIter()
    g_hash_table_iter_init(&iterator, table)
    var key: gpointer?
    var value: gpointer?
    while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
      guard let key, let value else { continue }
      var name = String(cString: key.assumingMemoryBound(to: CChar.self))
      let text = String(cString: value.assumingMemoryBound(to: CChar.self))
      if orientation.swapsDimensions, name == "x-dpi" || name == "y-dpi" {
        name = name == "x-dpi" ? "y-dpi" : "x-dpi"
      }
      if name == "icc-profile" || name == "x-dpi" || name == "y-dpi" || name.hasPrefix("tEXt::") {
        options.append((name, text))
      }
    }
    return options.sorted { $0.0 < $1.0 }
  }

  /// `pixbuf` encoded in `format` with `options` (`gdk_pixbuf_save` keys and values).
  static func encode(
    _ pixbuf: OpaquePointer, format: String, options: [(String, String)], url: URL
  ) throws(FileOperationError) -> [UInt8] {
    let keys = options.map { strdup($0.0) } + [nil]
    let values = options.map { strdup($0.1) } + [nil]
    defer { for pointer in keys + values { free(pointer) } }
    var buffer: UnsafeMutablePointer<gchar>?
    var size: gsize = 0
    var error: UnsafeMutablePointer<GError>?
    let saved = keys.withUnsafeBufferPointer { keys in
      values.withUnsafeBufferPointer { values in
        gdk_pixbuf_save_to_bufferv(
          pixbuf, &buffer, &size, format, UnsafeMutablePointer(mutating: keys.baseAddress),
          UnsafeMutablePointer(mutating: values.baseAddress), &error)
      }
    }
    if let error {
      let message = String(cString: error.pointee.message)
      g_error_free(error)
      throw FileOperationError(url: url, message: tr("it cannot be encoded again (%s)", message))
    }
    guard saved != 0, let buffer else {
      throw FileOperationError(url: url, message: tr("it cannot be encoded again"))
    }
    defer { g_free(buffer) }
    return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
  }
}
