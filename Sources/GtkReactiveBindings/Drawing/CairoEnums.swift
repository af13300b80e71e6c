// cairo's surface content and pixel formats, as GDK's window members take them.
import CGtk

extension Cairo {
  /// What a surface holds: colour, alpha or both (`cairo_content_t`); a window makes a
  /// surface like its own of a given content (`Gdk.Window.createSimilarSurface`).
  nonisolated public struct Content: RawRepresentable, Hashable, Sendable {
    /// The C value.
    public let rawValue: UInt32
    /// The content of C value `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Colour only.
    public static var color: Content { Content(rawValue: CAIRO_CONTENT_COLOR.rawValue) }
    /// Alpha only.
    public static var alpha: Content { Content(rawValue: CAIRO_CONTENT_ALPHA.rawValue) }
    /// Colour and alpha.
    public static var colorAlpha: Content {
      Content(rawValue: CAIRO_CONTENT_COLOR_ALPHA.rawValue)
    }
  }

  /// How an image surface stores its pixels (`cairo_format_t`); a window makes an image
  /// surface for itself in one (`Gdk.Window.createSimilarImageSurface`).
  nonisolated public struct Format: RawRepresentable, Hashable, Sendable {
    /// The C value.
    public let rawValue: Int32
    /// The format of C value `rawValue`.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// No format cairo supports (what a surface that is not an image reports).
    public static var invalid: Format { Format(rawValue: CAIRO_FORMAT_INVALID.rawValue) }
    /// 32 bits a pixel: premultiplied alpha, then red, green and blue.
    public static var argb32: Format { Format(rawValue: CAIRO_FORMAT_ARGB32.rawValue) }
    /// 32 bits a pixel, 8 unused, then red, green and blue.
    public static var rgb24: Format { Format(rawValue: CAIRO_FORMAT_RGB24.rawValue) }
    /// 8 bits a pixel of alpha.
    public static var a8: Format { Format(rawValue: CAIRO_FORMAT_A8.rawValue) }
    /// 1 bit a pixel of alpha.
    public static var a1: Format { Format(rawValue: CAIRO_FORMAT_A1.rawValue) }
    /// 16 bits a pixel: 5 of red, 6 of green, 5 of blue.
    public static var rgb16565: Format { Format(rawValue: CAIRO_FORMAT_RGB16_565.rawValue) }
    /// 32 bits a pixel, 2 unused, then 10 each of red, green and blue.
    public static var rgb30: Format { Format(rawValue: CAIRO_FORMAT_RGB30.rawValue) }
  }
}

extension Cairo.Surface {
  /// How an image surface stores its pixels; `.invalid` for other kinds.
  public var format: Cairo.Format {
    Cairo.Format(rawValue: isImage ? cairo_image_surface_get_format(raw).rawValue : -1)
  }

  /// What the surface holds: colour, alpha or both.
  public var content: Cairo.Content {
    Cairo.Content(rawValue: cairo_surface_get_content(raw).rawValue)
  }
}
