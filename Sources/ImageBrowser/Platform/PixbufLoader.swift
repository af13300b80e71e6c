// Decoding images and thumbnails with gdk-pixbuf off the main thread, EXIF orientation applied.
import CGtk
import Foundation
import Reactive

/// A decoded image: one reference to a `GdkPixbuf`, released when the last copy goes.
///
/// `@unchecked Sendable` because a pixbuf is immutable once decoded (nothing here writes
/// its pixels) and GObject reference counting is atomic, so handing it from the decoding
/// thread to the main thread is safe.
nonisolated final class DecodedImage: @unchecked Sendable {
  /// The pixbuf, owned by this object.
  let pixbuf: OpaquePointer

  /// Takes over the reference the caller holds on `pixbuf`.
  init(takingOwnership pixbuf: OpaquePointer) {
    self.pixbuf = pixbuf
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }

  /// The width in pixels.
  var width: Int { Int(gdk_pixbuf_get_width(pixbuf)) }
  /// The height in pixels.
  var height: Int { Int(gdk_pixbuf_get_height(pixbuf)) }
}

/// Decodes full images and thumbnails with gdk-pixbuf, on whatever thread subscribes
/// (the view model subscribes on its background scheduler). Both apply the file's EXIF
/// orientation (`gdk_pixbuf_apply_embedded_orientation`).
///
/// With a `thumbnailCache`, thumbnails that fit one of its flavors come from the shared
/// freedesktop.org cache when valid, and are written to it after decoding; larger ones,
/// and every thumbnail without a cache, are decoded each time.
nonisolated struct PixbufLoader: ImageLoading, ThumbnailLoading {
  /// The shared thumbnail cache to read and fill, or `nil` to decode every time (tests).
  let thumbnailCache: ThumbnailCache?

  /// A loader using `thumbnailCache` for thumbnails, or none.
  init(thumbnailCache: ThumbnailCache? = nil) {
    self.thumbnailCache = thumbnailCache
  }

  /// Decodes `item` at full size.
  func loadImage(for item: ImageItem) -> Signal<DecodedImage, ImageLoadError> {
    decoding(item) { path, error in gdk_pixbuf_new_from_file(path, &error) }
  }

  /// Decodes `item` scaled to fit a `size`×`size` square. The box is square, so
  /// scaling before the rotation gives the same fit as after it.
  func loadThumbnail(for item: ImageItem, size: Int) -> Signal<DecodedImage, ImageLoadError> {
    if let thumbnailCache, let flavor = ThumbnailFlavor(fitting: size) {
      return Signal { observer in
        switch Self.cachedThumbnail(item, size: size, flavor: flavor, cache: thumbnailCache) {
        case .success(let image):
          observer.send(image)
          observer.sendCompleted()
        case .failure(let error):
          observer.send(error: error)
        }
        return Disposables.empty
      }
    }
    return decoding(item) { path, error in
      gdk_pixbuf_new_from_file_at_scale(path, Int32(size), Int32(size), 1, &error)
    }
  }

  /// The cache's thumbnail of `item` in `flavor` (made and stored when missing), scaled
  /// down to fit `size`.
  private static func cachedThumbnail(
    _ item: ImageItem, size: Int, flavor: ThumbnailFlavor, cache: ThumbnailCache
  ) -> Result<DecodedImage, ImageLoadError> {
    // The file cannot be stat'ed (gone, or no permission): decoding says why in words.
    guard let source = ThumbnailCache.Source(path: item.url.path) else {
      return decode(item) { path, error in
        gdk_pixbuf_new_from_file_at_scale(path, Int32(size), Int32(size), 1, &error)
      }
    }
    switch cache.thumbnail(for: source, flavor: flavor) {
    case .success(let image):
      return scaled(image, toFit: size).mapError { ImageLoadError(item: item, message: $0.message) }
    case .failure(let error):
      return .failure(ImageLoadError(item: item, message: error.message))
    }
  }

  /// `image` scaled down, aspect kept, so its longer side is at most `size`.
  private static func scaled(_ image: DecodedImage, toFit size: Int)
    -> Result<DecodedImage, ThumbnailError>
  {
    let longer = max(image.width, image.height)
    guard longer > size else { return .success(image) }
    let width = max(1, (image.width * size + longer / 2) / longer)
    let height = max(1, (image.height * size + longer / 2) / longer)
    guard
      let pixbuf = gdk_pixbuf_scale_simple(
        image.pixbuf, Int32(width), Int32(height), GDK_INTERP_BILINEAR)
    else { return .failure(ThumbnailError(message: "Out of memory")) }
    return .success(DecodedImage(takingOwnership: pixbuf))
  }

  private func decoding(
    _ item: ImageItem,
    _ decode:
      @escaping @Sendable (
        String, inout UnsafeMutablePointer<GError>?
      ) -> OpaquePointer?
  ) -> Signal<DecodedImage, ImageLoadError> {
    Signal { observer in
      switch Self.decode(item, with: decode) {
      case .success(let image):
        observer.send(image)
        observer.sendCompleted()
      case .failure(let error):
        observer.send(error: error)
      }
      return Disposables.empty
    }
  }

  private static func decode(
    _ item: ImageItem,
    with decode: (String, inout UnsafeMutablePointer<GError>?) -> OpaquePointer?
  ) -> Result<DecodedImage, ImageLoadError> {
    var error: UnsafeMutablePointer<GError>?
    guard let raw = decode(item.url.path, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "Unknown error"
      if let error { g_error_free(error) }
      return .failure(ImageLoadError(item: item, message: message))
    }
    // A new pixbuf, rotated or flipped as the EXIF tag says (a new reference either way).
    let oriented = gdk_pixbuf_apply_embedded_orientation(raw)
    g_object_unref(UnsafeMutableRawPointer(raw))
    guard let oriented else {
      return .failure(ImageLoadError(item: item, message: "Out of memory"))
    }
    return .success(DecodedImage(takingOwnership: oriented))
  }

  /// The file name extensions of every format gdk-pixbuf can load here.
  static func supportedFormats() -> SupportedFormats {
    var extensions: [String] = []
    var list = gdk_pixbuf_get_formats()
    let head = list
    while let node = list {
      if let format = node.pointee.data.map(OpaquePointer.init),
        let names = gdk_pixbuf_format_get_extensions(format)
      {
        var index = 0
        while let name = names[index] {
          extensions.append(String(cString: name))
          index += 1
        }
        g_strfreev(names)
      }
      list = node.pointee.next
    }
    g_slist_free(head)
    return extensions.isEmpty ? .common : SupportedFormats(extensions: extensions)
  }
}
