// Turning and mirroring decoded pixels with gdk-pixbuf: how an edit shows, and how it is saved.
import CImaging
import ImageBrowserCore

/// Applies an `Orientation` to pixels with `gdk_pixbuf_flip` and
/// `gdk_pixbuf_rotate_simple`: exact pixel moves, no resampling.
package nonisolated enum PixbufOrientation {
  /// A new pixbuf (the caller owns the reference): `pixbuf` mirrored left to right when
  /// `orientation` mirrors, then turned its quarter turns clockwise; `nil` when out of
  /// memory. `pixbuf` is unchanged.
  package static func apply(_ orientation: Orientation, to pixbuf: OpaquePointer) -> OpaquePointer?
  {
    g_object_ref(UnsafeMutableRawPointer(pixbuf))
    var result = pixbuf
    if orientation.isMirrored {
      let mirrored = gdk_pixbuf_flip(result, 1)
      g_object_unref(UnsafeMutableRawPointer(result))
      guard let mirrored else { return nil }
      result = mirrored
    }
    // gdk-pixbuf counts its angles counter-clockwise.
    let angles = [
      GDK_PIXBUF_ROTATE_NONE, GDK_PIXBUF_ROTATE_CLOCKWISE,
      GDK_PIXBUF_ROTATE_UPSIDEDOWN, GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE,
    ]
    if orientation.quarterTurns != 0 {
      let turned = gdk_pixbuf_rotate_simple(result, angles[orientation.quarterTurns])
      g_object_unref(UnsafeMutableRawPointer(result))
      guard let turned else { return nil }
      result = turned
    }
    return result
  }
}

/// Applies an `Orientation` to a cairo image surface: the same exact pixel moves as
/// `PixbufOrientation`, for the viewer's pixels that came from a helper as a surface.
package nonisolated enum SurfaceOrientation {
  /// A new surface (the caller destroys it) of `surface` mirrored left to right when
  /// `orientation` mirrors, then turned its quarter turns clockwise; `nil` when out of
  /// memory. `surface` is unchanged.
  package static func apply(_ orientation: Orientation, to surface: OpaquePointer)
    -> OpaquePointer?
  {
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let (newWidth, newHeight) = orientation.swapsDimensions ? (height, width) : (width, height)
    guard
      let turned = cairo_image_surface_create(
        cairo_image_surface_get_format(surface), Int32(newWidth), Int32(newHeight))
    else { return nil }
    guard cairo_surface_status(turned) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(turned)
    else {
      cairo_surface_destroy(turned)
      return nil
    }
    defer { cairo_destroy(cr) }
    // Read backwards: the target's pixel is the source's at the inverse transform.
    // Turn clockwise by quarters about the target's origin, then mirror.
    let w = Double(width)
    let h = Double(height)
    switch orientation.quarterTurns {
    case 1: cairo_translate(cr, h, 0)
    case 2: cairo_translate(cr, w, h)
    case 3: cairo_translate(cr, 0, w)
    default: break
    }
    cairo_rotate(cr, Double(orientation.quarterTurns) * Double.pi / 2)
    if orientation.isMirrored {
      cairo_translate(cr, w, 0)
      cairo_scale(cr, -1, 1)
    }
    cairo_set_source_surface(cr, surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    cairo_paint(cr)
    cairo_surface_flush(turned)
    return turned
  }
}

nonisolated extension DecodedImage {
  /// This image turned or mirrored by `orientation`, with a cairo surface ready for the
  /// viewer; itself when `orientation` is none or memory runs out. An image that came
  /// as a surface is turned as one (no pixbuf is made).
  package func transformed(by orientation: Orientation) -> DecodedImage {
    guard !orientation.isIdentity else { return self }
    let fullSize = orientation.swapsDimensions ? self.fullSize.transposed : self.fullSize
    let isTransposed = self.isTransposed != orientation.swapsDimensions
    if !hasPixbuf, let surface {
      guard let turned = SurfaceOrientation.apply(orientation, to: surface) else { return self }
      return DecodedImage(
        surface: CairoSurface(takingOwnership: turned), fullSize: fullSize,
        isTransposed: isTransposed, kind: .still)
    }
    guard let turned = PixbufOrientation.apply(orientation, to: pixbuf) else { return self }
    return DecodedImage(
      takingOwnership: turned, fullSize: fullSize, isTransposed: isTransposed, makeSurface: true)
  }
}
