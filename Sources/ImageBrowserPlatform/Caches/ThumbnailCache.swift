// The freedesktop.org thumbnail cache, shared with file managers: reading, writing, failures.
import CImaging
import Foundation
import ImageBrowserCore

/// The shared thumbnail cache of the Thumbnail Managing Standard, read and written with
/// gdk-pixbuf: `thumbnails/{normal,large}/<md5 of the file URI>.png`, valid while its
/// `Thumb::URI` and `Thumb::MTime` text chunks match the file, and `fail/` records of
/// files that could not be decoded.
///
/// Writes go to a temporary file in the target folder that is then renamed, so another
/// program never sees half a thumbnail; folders are made 0700 and files 0600, since
/// thumbnails show what a person keeps. Nothing is written outside `layout.root`:
/// folders are reached without following links (`NoFollowFolder`), so a linked
/// `thumbnails/normal` is refused, never read or written through. Cache files are
/// opened without blocking and only when regular (`RegularFile`): a FIFO in the cache
/// counts as no entry, it never holds up a decode thread.
/// Every method may run on any thread.
package nonisolated struct ThumbnailCache: Sendable {
  /// The name of the failure folder, `fail/<application>/`: the program and its version.
  package static let application = "image-browser-1.0"
  /// `Software` as written into each thumbnail.
  package static let software = "image-browser 1.0"

  /// Where the files go.
  package let layout: ThumbnailCacheLayout

  /// The cache under `cacheHome` (`$XDG_CACHE_HOME`); the process's own by default.
  /// Tests pass a temporary folder.
  package init(cacheHome: URL = ThumbnailCacheLayout.processCacheHome) {
    layout = ThumbnailCacheLayout(cacheHome: cacheHome)
  }

  /// A source file as the cache knows it: its URL, URI, MD5 name and stamp.
  package struct Source: Hashable, Sendable {
    /// The file (made from its path's bytes; see `FilePathBytes`).
    package let url: URL
    /// The URI and modification time thumbnails of it must carry.
    let stamp: ThumbnailStamp
    /// The file's size in bytes (`Thumb::Size`).
    package let byteCount: Int64
    /// The lowercase hex MD5 of the URI: the cache's file name without `.png`.
    let hash: String

    /// The file at `url` as it is now, or `nil` when it cannot be `stat`ed or its path
    /// has no URI.
    package init?(url: URL) {
      var info = stat()
      let uri = url.withFileSystemPath { path in
        stat(path, &info) == 0 ? ThumbnailCache.uri(forPath: path) : nil
      }
      guard let uri else { return nil }
      self.url = url
      stamp = ThumbnailStamp(uri: uri, modificationTime: Int64(info.st_mtim.tv_sec))
      byteCount = Int64(info.st_size)
      hash = ThumbnailCache.md5(uri)
    }
  }

  /// What the cache holds for a file.
  package enum Entry {
    /// A valid thumbnail (a new pixbuf reference).
    case thumbnail(DecodedImage)
    /// A valid record that decoding this version of the file failed before.
    case failed
    /// Nothing usable: absent, unreadable, or stale.
    case missing
  }

  /// The canonical `file://` URI of an absolute `path`, percent-encoded as GLib does for
  /// every other program that shares the cache (`g_filename_to_uri`).
  static func uri(forPath path: UnsafePointer<CChar>) -> String? {
    guard let raw = g_filename_to_uri(path, nil, nil) else { return nil }
    defer { g_free(raw) }
    return String(cString: raw)
  }

  /// The lowercase hex MD5 of `text`'s UTF-8 bytes.
  static func md5(_ text: String) -> String {
    let raw = g_compute_checksum_for_string(G_CHECKSUM_MD5, text, -1)!
    defer { g_free(raw) }
    return String(cString: raw)
  }

  /// The valid thumbnail of `source` in `flavor`, or a valid failure record, or neither.
  /// An unreadable or stale file is treated as absent; the next `store` replaces it.
  package func entry(for source: Source, flavor: ThumbnailFlavor) -> Entry {
    let name = source.hash + ".png"
    if let pixbuf = loadStamped(name, in: layout.components(for: flavor), matching: source.stamp) {
      return .thumbnail(DecodedImage(takingOwnership: pixbuf))
    }
    let failures = layout.failureComponents(application: Self.application)
    if let pixbuf = loadStamped(name, in: failures, matching: source.stamp) {
      g_object_unref(UnsafeMutableRawPointer(pixbuf))
      return .failed
    }
    return .missing
  }

  /// Writes `thumbnail` (already scaled to fit `flavor`) as the thumbnail of `source`.
  /// - Returns: whether it was written; a cache is best effort, so callers may ignore it.
  @discardableResult
  func store(_ thumbnail: DecodedImage, for source: Source, flavor: ThumbnailFlavor) -> Bool {
    write(
      thumbnail.pixbuf, to: layout.components(for: flavor), hash: source.hash,
      options: options(for: source))
  }

  /// Records that `source`, as it is now, could not be decoded: a 1×1 PNG carrying its
  /// stamp, so later launches skip it until the file changes.
  @discardableResult
  func recordFailure(for source: Source) -> Bool {
    guard let pixel = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 1, 1) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(pixel)) }
    gdk_pixbuf_fill(pixel, 0)
    return write(
      pixel, to: layout.failureComponents(application: Self.application), hash: source.hash,
      options: options(for: source))
  }

  /// Removes every entry of the file at `url` (its thumbnails in each flavor and a
  /// failure record): after the browser itself rewrote the file, whose modification
  /// time may still read the same second.
  package func forget(_ url: URL) {
    guard let uri = url.withFileSystemPath({ Self.uri(forPath: $0) }) else { return }
    let name = Self.md5(uri) + ".png"
    let folders =
      ThumbnailFlavor.allCases.map { layout.components(for: $0) }
      + [layout.failureComponents(application: Self.application)]
    for components in folders {
      guard let folder = NoFollowFolder.open(components, under: layout.cacheHome, creating: false)
      else { continue }
      unlinkat(folder, name, 0)
      close(folder)
    }
  }

  /// The thumbnail of `source` in `flavor`: the cached one when valid, else decoded from
  /// the file (never scaled up, EXIF orientation applied) and stored. A file that fails
  /// to decode is recorded under `fail/` and not decoded again until it changes.
  ///
  /// The file is decoded through `decoding` (in a helper process in the app). A decode
  /// stops early when `isCancelled` turns true; nothing is recorded then, nor when it
  /// ran past its time limit.
  ///
  /// A thumbnail made now is passed to `made` before it is written: encoding the PNG
  /// costs about as much as decoding a photo at thumbnail size, and whoever shows it
  /// need not wait for the cache.
  package func thumbnail(
    for source: Source, flavor: ThumbnailFlavor, decoding: ImageDecoding = .inProcess,
    isCancelled: () -> Bool = { false }, made: (DecodedImage) -> Void = { _ in }
  ) -> Result<DecodedImage, ThumbnailError> {
    switch entry(for: source, flavor: flavor) {
    case .thumbnail(let image):
      return .success(image)
    case .failed:
      return .failure(
        ThumbnailError(
          message: tr("This file could not be decoded before; it is retried once it changes.")))
    case .missing:
      let box = PixelSize(width: flavor.pixelSize, height: flavor.pixelSize)
      switch decoding.decode(source.url, fitting: box, isCancelled: isCancelled) {
      case .success(let image):
        made(image)
        store(image, for: source, flavor: flavor)
        return .success(image)
      case .failure(let failure):
        // A cancelled decode, one stopped at its time limit (the machine may be busy) or
        // one whose helper was killed from outside says nothing certain about the
        // file: nothing to record.
        if failure.isDeterministic { recordFailure(for: source) }
        return .failure(ThumbnailError(failure))
      }
    }
  }

  private func options(for source: Source) -> [(String, String)] {
    [
      ("tEXt::Thumb::URI", source.stamp.uri),
      ("tEXt::Thumb::MTime", source.stamp.modificationTimeText),
      ("tEXt::Thumb::Size", String(source.byteCount)),
      ("tEXt::Software", Self.software),
    ]
  }

  /// The largest cache file read: far above any 256-pixel PNG, far below harm.
  static let maximumEntrySize = 1 << 20

  /// Loads the PNG `name` in the cache folder `components` when it is a regular file
  /// whose stamp chunks match `stamp`.
  private func loadStamped(_ name: String, in components: [String], matching stamp: ThumbnailStamp)
    -> OpaquePointer?
  {
    guard let folder = NoFollowFolder.open(components, under: layout.cacheHome, creating: false)
    else { return nil }
    defer { close(folder) }
    guard case .success(let file) = RegularFile.open(name, in: folder, followingLinks: false)
    else { return nil }
    defer { close(file.descriptor) }
    guard
      case .success(let bytes) = RegularFile.read(file.descriptor, upTo: Self.maximumEntrySize + 1),
      bytes.count <= Self.maximumEntrySize, let pixbuf = Self.decodePNG(bytes)
    else { return nil }
    let uri = gdk_pixbuf_get_option(pixbuf, "tEXt::Thumb::URI").map { String(cString: $0) }
    let time = gdk_pixbuf_get_option(pixbuf, "tEXt::Thumb::MTime").map { String(cString: $0) }
    guard stamp.validates(uri: uri, modificationTime: time) else {
      g_object_unref(UnsafeMutableRawPointer(pixbuf))
      return nil
    }
    return pixbuf
  }

  /// The longest side a cache entry may have: the large flavor's. Any program of the
  /// user can write the cache, and 1 MB of PNG can declare 16,000 × 16,000 pixels
  /// (768 MB decoded): a bigger entry is not a thumbnail and is not decoded.
  static let maximumEntrySide = ThumbnailFlavor.large.pixelSize

  /// The pixbuf (a new reference) of the PNG `bytes`, with its text chunks as options;
  /// only the PNG loader is asked, whatever the bytes claim to be, and an image larger
  /// than `maximumEntrySide` is refused before its pixels are allocated.
  private static func decodePNG(_ bytes: [UInt8]) -> OpaquePointer? {
    var error: UnsafeMutablePointer<GError>?
    guard let loader = gdk_pixbuf_loader_new_with_type("png", &error) else {
      if let error { g_error_free(error) }
      return nil
    }
    defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
    let refuseLarge:
      @convention(c) (
        UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?
      ) -> Void = { loader, width, height, _ in
        guard let loader,
          width > ThumbnailCache.maximumEntrySide || height > ThumbnailCache.maximumEntrySide
        else { return }
        // A zero size stops the loader before it allocates pixels.
        gdk_pixbuf_loader_set_size(loader, 0, 0)
      }
    g_signal_connect_data(
      UnsafeMutableRawPointer(loader), "size-prepared",
      unsafeBitCast(refuseLarge, to: GCallback.self), nil, nil, GConnectFlags(0))
    let written = bytes.withUnsafeBufferPointer { buffer in
      gdk_pixbuf_loader_write(loader, buffer.baseAddress, gsize(buffer.count), &error) != 0
    }
    if let failure = error {
      g_error_free(failure)
      error = nil
    }
    // Closed even after a failed write: a loader must be closed before it is freed.
    let closed = gdk_pixbuf_loader_close(loader, &error) != 0
    if let error { g_error_free(error) }
    guard written, closed, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader),
      (1...maximumEntrySide).contains(Int(gdk_pixbuf_get_width(pixbuf))),
      (1...maximumEntrySide).contains(Int(gdk_pixbuf_get_height(pixbuf)))
    else { return nil }
    g_object_ref(UnsafeMutableRawPointer(pixbuf))
    return pixbuf
  }

  /// Encodes `pixbuf` as PNG with `options` as text chunks and puts it at
  /// `<components>/<hash>.png` through a temporary file and a rename, both made in the
  /// folder's descriptor: never through a link.
  private func write(
    _ pixbuf: OpaquePointer, to components: [String], hash: String, options: [(String, String)]
  ) -> Bool {
    guard let png = Self.encodePNG(pixbuf, options: options),
      let folder = NoFollowFolder.open(components, under: layout.cacheHome, creating: true)
    else { return false }
    defer { close(folder) }
    let target = hash + ".png"
    // A name no one else holds, made 0600 (thumbnails show what a person keeps).
    var temporary = ""
    var descriptor: Int32 = -1
    for _ in 0..<8 {
      temporary = target + "." + String(UInt64.random(in: .min ... .max), radix: 36)
      descriptor = openat(
        folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else { return false }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    let written = (try? handle.write(contentsOf: png)) != nil
    let closed = close(descriptor) == 0
    guard written, closed, renameat(folder, temporary, folder, target) == 0 else {
      unlinkat(folder, temporary, 0)
      return false
    }
    return true
  }

  /// The PNG encoding of `pixbuf` with `options` as `gdk_pixbuf_save` options.
  private static func encodePNG(_ pixbuf: OpaquePointer, options: [(String, String)]) -> Data? {
    let keys = options.map { strdup($0.0) } + [nil]
    let values = options.map { strdup($0.1) } + [nil]
    defer { for pointer in keys + values { free(pointer) } }
    var buffer: UnsafeMutablePointer<gchar>?
    var size: gsize = 0
    var error: UnsafeMutablePointer<GError>?
    let saved = keys.withUnsafeBufferPointer { keys in
      values.withUnsafeBufferPointer { values in
        gdk_pixbuf_save_to_bufferv(
          pixbuf, &buffer, &size, "png", UnsafeMutablePointer(mutating: keys.baseAddress),
          UnsafeMutablePointer(mutating: values.baseAddress), &error)
      }
    }
    if let error { g_error_free(error) }
    guard saved != 0, let buffer else { return nil }
    defer { g_free(buffer) }
    return Data(bytes: buffer, count: Int(size))
  }
}

/// Why a thumbnail could not be made, in the decoder's words.
package nonisolated struct ThumbnailError: Error, Hashable, Sendable {
  /// What went wrong, for a person.
  package let message: String
  /// Whether it was only cancelled (no longer wanted), not a failure of the file.
  var isCancellation = false

  /// The error for a decode that produced no thumbnail.
  package init(_ failure: DecodeFailure) {
    switch failure {
    case .cancelled: self.init(message: "Cancelled", isCancellation: true)
    case .failed(let message), .timedOut(let message), .interrupted(let message):
      self.init(message: message)
    }
  }

  /// An error saying `message`.
  package init(message: String, isCancellation: Bool = false) {
    self.message = message
    self.isCancellation = isCancellation
  }
}
