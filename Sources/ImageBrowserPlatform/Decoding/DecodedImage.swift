// A decoded image: a gdk-pixbuf reference, its size before scaling, and a cairo surface.
import CImaging
import ImageBrowserCore
import Reactive

/// What a decoded file is besides its first picture.
package nonisolated enum ImageKind: Int, Sendable {
  /// A still image.
  case still
  /// An animation (GIF, WebP) whose first frame was decoded.
  case animated
  /// An SVG, rasterized once; it can be rendered again sharp at any zoom.
  case vector
}

/// A decoded image: one reference to a `GdkPixbuf`, or to a cairo surface (the
/// viewer's pixels as a decoder helper wrote them, `SurfacePixels`), released when the
/// last copy goes.
///
/// `@unchecked Sendable` because nothing changes after `init`: a pixbuf is immutable once
/// decoded (nothing here writes its pixels), the cairo surface is made in `init` and only
/// read afterwards, and GObject and cairo reference counting are atomic, so handing it
/// from the decoding thread to the main thread is safe. A pixbuf made from a surface on
/// first use is made under a lock.
package nonisolated final class DecodedImage: PixelSized, @unchecked Sendable {
  /// The pixbuf, owned by this object: the one decoded, or one made from the surface
  /// the first time it is asked for (an edit of the viewer's image, a test).
  package var pixbuf: OpaquePointer {
    if let decodedPixbuf { return decodedPixbuf }
    return madePixbuf.withLock { made in
      if let made { return made }
      // A surface that cannot be read back (out of memory) gives a 1 × 1 pixbuf: the
      // callers treat the pixbuf as always there, and a picture of one pixel shows
      // that something went wrong without ending the app.
      let pixbuf =
        surface.flatMap { CairoSurface.pixbuf(from: $0) }
        ?? gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 1, 1)!
      made = pixbuf
      return pixbuf
    }
  }
  /// The image's size at full resolution, after orientation: `size` unless it was
  /// decoded scaled down.
  package let fullSize: PixelSize
  /// Whether its EXIF orientation turned it a quarter.
  let isTransposed: Bool
  /// Whether it was decoded smaller than asked for, to stay within `DecodeBudget`.
  package let isCapped: Bool
  /// The budget it was decoded within, for `cappedMessage`.
  let budget: Int
  /// The pixels as a cairo image surface, made on the decoding thread so the viewer does
  /// not convert them on the main thread (or mapped from a helper's memory file as they
  /// are); `nil` unless asked for.
  package let surface: OpaquePointer?
  /// The animation, when the file is one (GIF, WebP) and was decoded for the viewer;
  /// the pixbuf is its first frame.
  package let animation: (any PlayableAnimation)?
  /// The SVG document, when the file is one and was decoded for the viewer, to render
  /// sharp at any zoom.
  package let vector: SvgDocument?
  /// What the file holds beyond this still: set whether or not `animation` and `vector`
  /// were kept (a decoder helper reports it, and the app loads them itself).
  package let kind: ImageKind
  /// The decoded size in pixels.
  package let size: PixelSize

  /// The pixbuf decoded, if the image came as one.
  private let decodedPixbuf: OpaquePointer?
  /// Whether it came as a pixbuf (rather than a surface alone).
  var hasPixbuf: Bool { decodedPixbuf != nil }
  /// The pixbuf made from `surface` when first asked for.
  private let madePixbuf = Locked<OpaquePointer?>(nil)

  /// Takes over the reference the caller holds on `pixbuf`; with `makeSurface`, also
  /// converts it to a cairo surface now.
  package init(
    takingOwnership pixbuf: OpaquePointer, fullSize: PixelSize? = nil, isTransposed: Bool = false,
    isCapped: Bool = false, budget: Int = DecodeBudget.pixels, makeSurface: Bool = false,
    animation: (any PlayableAnimation)? = nil,
    vector: SvgDocument? = nil, kind: ImageKind? = nil
  ) {
    decodedPixbuf = pixbuf
    let size = PixelSize(
      width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
    self.size = size
    self.fullSize = fullSize ?? size
    self.isTransposed = isTransposed
    self.isCapped = isCapped
    self.budget = budget
    self.animation = animation
    self.vector = vector
    self.kind = kind ?? (animation != nil ? .animated : vector != nil ? .vector : .still)
    surface = makeSurface ? CairoSurface.surface(from: pixbuf) : nil
  }

  /// An image whose pixels are `surface` (the viewer's, as a helper sent them): it
  /// holds a reference to the surface and no pixbuf until one is asked for.
  package init(
    surface: CairoSurface, fullSize: PixelSize, isTransposed: Bool = false,
    isCapped: Bool = false, budget: Int = DecodeBudget.pixels,
    animation: (any PlayableAnimation)? = nil, vector: SvgDocument? = nil, kind: ImageKind
  ) {
    decodedPixbuf = nil
    self.surface = surface.newReference()
    size = surface.size
    self.fullSize = fullSize
    self.isTransposed = isTransposed
    self.isCapped = isCapped
    self.budget = budget
    self.animation = animation
    self.vector = vector
    self.kind = kind
  }

  deinit {
    if let surface { cairo_surface_destroy(surface) }
    if let decodedPixbuf { g_object_unref(UnsafeMutableRawPointer(decodedPixbuf)) }
    if let made = madePixbuf.withLock({ $0 }) { g_object_unref(UnsafeMutableRawPointer(made)) }
  }

  /// A new reference to a cairo surface of the pixels, for the caller to destroy: its own
  /// surface, or else one made now from the pixbuf.
  package func newSurfaceReference() -> OpaquePointer? {
    if let surface { return cairo_surface_reference(surface) }
    return CairoSurface.surface(from: pixbuf)
  }

  /// An image of the `GdkPixbuf` at `pixbuf` (a themed icon, say: GtkReactive's
  /// `Pixbuf.pointer`), holding a reference of its own.
  package convenience init(retaining pixbuf: OpaquePointer) {
    g_object_ref(UnsafeMutableRawPointer(pixbuf))
    self.init(takingOwnership: pixbuf)
  }

  /// This image with a cairo surface (itself if it has one).
  package func withSurface() -> DecodedImage {
    guard surface == nil else { return self }
    g_object_ref(UnsafeMutableRawPointer(pixbuf))
    return DecodedImage(
      takingOwnership: pixbuf, fullSize: fullSize, isTransposed: isTransposed,
      isCapped: isCapped, budget: budget, makeSurface: true, animation: animation, vector: vector,
      kind: kind)
  }

  /// The decoded width in pixels.
  package var width: Int { size.width }
  /// The decoded height in pixels.
  package var height: Int { size.height }
  /// Why it is shown from a smaller copy, when `isCapped`: "This image is 20,000 ×
  /// 20,000 pixels; it is shown from a copy of 5,000 × 5,000 (…)".
  package var cappedMessage: String? {
    isCapped ? DecodeBudget.cappedMessage(full: fullSize, shown: size, budget: budget) : nil
  }

  /// What the viewer says about this image when it shows it: why it is shown from a
  /// smaller copy (`cappedMessage`), or why an animation stands still
  /// (`Animations.maximumCanvas`).
  package var notice: String? {
    if kind == .animated, animation == nil, !Animations.plays(canvas: fullSize) {
      return Animations.stillMessage(canvas: fullSize)
    }
    return cappedMessage
  }

  /// Whether this is the image at full resolution (not scaled down when decoded).
  var isFullResolution: Bool { size == fullSize }
}
