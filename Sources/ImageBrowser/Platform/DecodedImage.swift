// A decoded image: a gdk-pixbuf reference, its size before scaling, and a cairo surface.
import CGtk

/// A decoded image: one reference to a `GdkPixbuf`, released when the last copy goes.
///
/// `@unchecked Sendable` because nothing changes after `init`: a pixbuf is immutable once
/// decoded (nothing here writes its pixels), the cairo surface is made in `init` and only
/// read afterwards, and GObject and cairo reference counting are atomic, so handing it
/// from the decoding thread to the main thread is safe.
nonisolated final class DecodedImage: @unchecked Sendable {
  /// The pixbuf, owned by this object.
  let pixbuf: OpaquePointer
  /// The image's size at full resolution, after orientation: `size` unless it was
  /// decoded scaled down.
  let fullSize: PixelSize
  /// Whether its EXIF orientation turned it a quarter.
  let isTransposed: Bool
  /// The pixels as a cairo image surface, made on the decoding thread so the viewer does
  /// not convert them on the main thread; `nil` unless asked for.
  let surface: OpaquePointer?

  /// Takes over the reference the caller holds on `pixbuf`; with `makeSurface`, also
  /// converts it to a cairo surface now.
  init(
    takingOwnership pixbuf: OpaquePointer, fullSize: PixelSize? = nil, isTransposed: Bool = false,
    makeSurface: Bool = false
  ) {
    self.pixbuf = pixbuf
    let size = PixelSize(
      width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
    self.fullSize = fullSize ?? size
    self.isTransposed = isTransposed
    // No window: the conversion touches no GDK state, only the two buffers.
    surface = makeSurface ? gdk_cairo_surface_create_from_pixbuf(pixbuf, 1, nil) : nil
  }

  deinit {
    if let surface { cairo_surface_destroy(surface) }
    g_object_unref(UnsafeMutableRawPointer(pixbuf))
  }

  /// This image with a cairo surface (itself if it has one).
  func withSurface() -> DecodedImage {
    guard surface == nil else { return self }
    g_object_ref(UnsafeMutableRawPointer(pixbuf))
    return DecodedImage(
      takingOwnership: pixbuf, fullSize: fullSize, isTransposed: isTransposed, makeSurface: true)
  }

  /// The decoded size in pixels.
  var size: PixelSize {
    PixelSize(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
  }
  /// The decoded width in pixels.
  var width: Int { Int(gdk_pixbuf_get_width(pixbuf)) }
  /// The decoded height in pixels.
  var height: Int { Int(gdk_pixbuf_get_height(pixbuf)) }
  /// Whether this is the image at full resolution (not scaled down when decoded).
  var isFullResolution: Bool { size == fullSize }
}
