// cairo font options: how text is rasterized on a screen or by a widget.
import CGtk

extension Cairo {
  /// cairo's font options (`cairo_font_options_t`): antialiasing, hinting and subpixel
  /// order for text. A `Gdk.Screen` has the desktop's, a widget may override them
  /// (`Widget.fontOptions`).
  ///
  /// A value of this class is its own copy: cairo's font options are copied, not shared,
  /// so changing one changes no screen or widget until it is set on it again.
  public final class FontOptions {
    /// The C options, for cairo calls GtkReactive does not wrap.
    public let raw: OpaquePointer

    /// The same address as a Sendable integer, for the nonisolated deinit.
    private let address: UInt

    /// A copy of options C lends (`cairo_font_options_copy`).
    public convenience init(borrowing options: OpaquePointer) {
      self.init(taking: cairo_font_options_copy(options))
    }

    /// Wraps options C gives (a full transfer).
    public init(taking options: OpaquePointer) {
      raw = options
      address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(options)))
    }

    /// Options with every setting at cairo's default.
    public convenience init() { self.init(taking: cairo_font_options_create()) }

    deinit { cairo_font_options_destroy(OpaquePointer(bitPattern: address)) }

    /// How glyph edges are smoothed (`cairo_antialias_t`).
    public enum Antialias: UInt32, Sendable {
      /// The backend's or the desktop's choice.
      case `default`
      /// Hard edges.
      case none
      /// Grey levels.
      case gray
      /// The colour components of the screen's subpixels.
      case subpixel
      /// Some antialiasing, favouring speed.
      case fast
      /// Balanced.
      case good
      /// The most, favouring quality.
      case best
    }

    /// How strongly glyph outlines are fitted to the pixel grid (`cairo_hint_style_t`).
    public enum HintStyle: UInt32, Sendable {
      /// The backend's or the desktop's choice.
      case `default`
      /// No fitting.
      case none
      /// Slight: better contrast, shapes kept.
      case slight
      /// Medium.
      case medium
      /// Full: the most contrast, shapes changed.
      case full
    }

    /// How glyph edges are smoothed.
    public var antialias: Antialias {
      get { Antialias(rawValue: cairo_font_options_get_antialias(raw).rawValue) ?? .default }
      set { cairo_font_options_set_antialias(raw, cairo_antialias_t(rawValue: newValue.rawValue)) }
    }

    /// How strongly glyph outlines are fitted to the pixel grid.
    public var hintStyle: HintStyle {
      get { HintStyle(rawValue: cairo_font_options_get_hint_style(raw).rawValue) ?? .default }
      set {
        cairo_font_options_set_hint_style(raw, cairo_hint_style_t(rawValue: newValue.rawValue))
      }
    }

    /// Whether `other` says the same on every setting.
    public func isEqual(to other: Cairo.FontOptions) -> Bool {
      cairo_font_options_equal(raw, other.raw) != 0
    }
  }
}
