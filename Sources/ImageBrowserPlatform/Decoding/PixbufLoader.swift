// Decoding images and thumbnails with gdk-pixbuf for the view model, cancellable by disposal.
import CImaging
import Foundation
import ImageBrowserCore
import Reactive

/// Decodes full images and thumbnails with `ImageDecoder`, on whatever thread subscribes
/// (the view model subscribes on its decoding workers). Disposing a subscription stops
/// its decode within one chunk of the file: the decoder checks the subscription's
/// lifetime between chunks.
///
/// With a `thumbnailCache`, thumbnails that fit one of its flavors come from the shared
/// freedesktop.org cache when valid, and are written to it after decoding; larger ones,
/// and every thumbnail without a cache, are decoded each time.
package nonisolated struct PixbufLoader: ImageLoading, ThumbnailLoading {
  /// The shared thumbnail cache to read and fill, or `nil` to decode every time (tests).
  package let thumbnailCache: ThumbnailCache?
  /// Where files are decoded: in helper processes (the app) or in this one (tests).
  package let decoding: ImageDecoding
  /// Where embedded previews are read. They stand in for the current image, so the app
  /// reads them in the viewer's helpers, not in the thumbnails' lowered ones.
  package let previewDecoding: ImageDecoding

  /// A loader decoding through `decoding` (embedded previews through `previews`, by
  /// default the same), using `thumbnailCache` for thumbnails, or none.
  package init(
    decoding: ImageDecoding = .inProcess, previews: ImageDecoding? = nil,
    thumbnailCache: ThumbnailCache? = nil
  ) {
    self.decoding = decoding
    previewDecoding = previews ?? decoding
    self.thumbnailCache = thumbnailCache
  }

  /// Decodes `item` scaled down to fit `box` (full size when `nil`), with a cairo
  /// surface ready for the viewer.
  package func loadImage(for item: ImageItem, fitting box: PixelSize?) -> Signal<
    DecodedImage, ImageLoadError
  > {
    let decoding = decoding
    return Signal { observer, lifetime in
      switch decoding.decode(
        item.url, fitting: box, forViewer: true, isCancelled: { lifetime.hasEnded })
      {
      case .success(let image):
        observer.send(image.withSurface())
        observer.sendCompleted()
      case .failure(.cancelled):
        break  // Disposed: nobody is listening.
      case .failure(let failure):
        observer.send(error: ImageLoadError(item: item, message: failure.message ?? ""))
      }
      return Disposables.empty
    }
  }

  /// `image` turned or mirrored by `orientation`, with its cairo surface made now (on
  /// the caller's thread: the view model's editing scheduler).
  package func transformed(_ image: DecodedImage, by orientation: Orientation) -> DecodedImage {
    image.transformed(by: orientation)
  }

  /// `image` edited by `edit` (turned, cut, scaled), with its cairo surface made now.
  package func edited(_ image: DecodedImage, by edit: ImageEdit) -> DecodedImage {
    image.edited(by: edit)
  }

  /// Decodes `item` scaled to fit a `size`×`size` square (through the cache when there
  /// is one).
  package func loadThumbnail(for item: ImageItem, size: Int) -> Signal<DecodedImage, ImageLoadError>
  {
    let cache = thumbnailCache
    let decoding = decoding
    return Signal { observer, lifetime in
      let failure = Self.thumbnail(
        item, size: size, cache: cache, decoding: decoding, isCancelled: { lifetime.hasEnded },
        deliver: { image in
          observer.send(image)
          observer.sendCompleted()
        })
      if let failure, !failure.isCancellation {
        observer.send(error: ImageLoadError(item: item, message: failure.message))
      }
      return Disposables.empty
    }
  }

  /// The preview embedded in `item`'s file (`EmbeddedPreview`), if it has one and the
  /// file is large enough for it to matter (`EmbeddedPreview.worthwhileBytes`).
  package func loadEmbeddedPreview(for item: ImageItem) -> Signal<DecodedImage, Never> {
    let decoding = previewDecoding
    return Signal { observer, lifetime in
      if Self.byteCount(of: item) >= EmbeddedPreview.worthwhileBytes,
        case .success(let preview) = decoding.embeddedPreview(
          item.url, isCancelled: { lifetime.hasEnded })
      {
        observer.send(preview)
      }
      observer.sendCompleted()
      return Disposables.empty
    }
  }

  /// The size of `item`'s file as listed, else as it is now (0 when it cannot be
  /// stat'ed; `stat` never blocks, whatever the file is).
  private static func byteCount(of item: ImageItem) -> Int {
    if let listed = item.byteCount { return listed }
    var info = stat()
    return item.url.withFileSystemPath { stat($0, &info) } == 0 ? Int(info.st_size) : 0
  }

  /// The thumbnail of `item` fitting `size`, passed to `deliver` once: from the cache's
  /// flavor when there is a cache (made and stored when missing) scaled down to `size`,
  /// else decoded directly; or why there is none. A thumbnail made now is delivered
  /// before its cache file is written.
  private static func thumbnail(
    _ item: ImageItem, size: Int, cache: ThumbnailCache?, decoding: ImageDecoding,
    isCancelled: () -> Bool, deliver: (DecodedImage) -> Void
  ) -> ThumbnailError? {
    let box = PixelSize(width: size, height: size)
    // No cache, or the file cannot be stat'ed (gone, no permission): decoding says why.
    guard let cache, let flavor = ThumbnailFlavor(fitting: size),
      let source = ThumbnailCache.Source(url: item.url)
    else {
      return deliverOrFail(
        decoding.decode(item.url, fitting: box, isCancelled: isCancelled)
          .mapError(ThumbnailError.init), deliver)
    }
    var delivered = false
    let result = cache.thumbnail(
      for: source, flavor: flavor, decoding: decoding, isCancelled: isCancelled,
      made: { image in
        guard case .success(let fitted) = scaled(image, toFit: size) else { return }
        delivered = true
        deliver(fitted)
      })
    if delivered { return nil }
    return deliverOrFail(result.flatMap { scaled($0, toFit: size) }, deliver)
  }

  /// Delivers `result`'s thumbnail, or returns its failure.
  private static func deliverOrFail(
    _ result: Result<DecodedImage, ThumbnailError>, _ deliver: (DecodedImage) -> Void
  ) -> ThumbnailError? {
    switch result {
    case .success(let image):
      deliver(image)
      return nil
    case .failure(let error):
      return error
    }
  }

  /// `image` scaled down, aspect kept, so its longer side is at most `size`.
  private static func scaled(_ image: DecodedImage, toFit size: Int)
    -> Result<DecodedImage, ThumbnailError>
  {
    let fitted = image.size.fitting(in: PixelSize(width: size, height: size))
    guard fitted != image.size else { return .success(image) }
    guard
      let pixbuf = gdk_pixbuf_scale_simple(
        image.pixbuf, Int32(fitted.width), Int32(fitted.height), GDK_INTERP_BILINEAR)
    else { return .failure(ThumbnailError(message: tr("Out of memory"))) }
    return .success(DecodedImage(takingOwnership: pixbuf, fullSize: image.fullSize))
  }

  /// The file name extensions of every format gdk-pixbuf can load here.
  package static func supportedFormats() -> SupportedFormats {
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
    // Camera RAW files show through their embedded previews (`RawPreview`), read with
    // gexiv2 rather than a gdk-pixbuf loader.
    if !extensions.isEmpty, Exiv2File.isAvailable { extensions += RawPreview.extensions.sorted() }
    return extensions.isEmpty ? .common : SupportedFormats(extensions: extensions)
  }
}
