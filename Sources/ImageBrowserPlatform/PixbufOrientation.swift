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

nonisolated extension DecodedImage {
  /// This image turned or mirrored by `orientation`, with a cairo surface ready for the
  /// viewer; itself when `orientation` is none or memory runs out.
  package func transformed(by orientation: Orientation) -> DecodedImage {
    guard !orientation.isIdentity, let turned = PixbufOrientation.apply(orientation, to: pixbuf)
    else { return self }
    return DecodedImage(
      takingOwnership: turned,
      fullSize: orientation.swapsDimensions ? fullSize.transposed : fullSize,
      isTransposed: isTransposed != orientation.swapsDimensions, makeSurface: true)
  }
}
