// Pango's font metrics (`PangoFontMetrics`) as a Swift value.
import CGtk
import GtkReactiveBindings

extension Pango {
  /// A font's overall measures, in Pango units (`Pango.scale` to a pixel): what a widget
  /// needs to size a line of that font before any text is laid out. Read once from C
  /// (Pango's metrics never change once made).
  nonisolated public struct FontMetrics: Sendable, Hashable {
    /// From the baseline to the top of the font's logical extents.
    public var ascent: Int
    /// From the baseline to the bottom of the font's logical extents.
    public var descent: Int
    /// The distance between two baselines of the font's lines.
    public var height: Int
    /// The average width of a character.
    public var approximateCharWidth: Int
    /// The average width of a digit (digits often share one width).
    public var approximateDigitWidth: Int
    /// Where an underline goes, above the baseline (negative: below it).
    public var underlinePosition: Int
    /// How thick an underline is.
    public var underlineThickness: Int
    /// Where a strikethrough goes, above the baseline.
    public var strikethroughPosition: Int
    /// How thick a strikethrough is.
    public var strikethroughThickness: Int

    /// A copy of the metrics Pango lends.
    package init(borrowing metrics: UnsafeMutablePointer<PangoFontMetrics>) {
      ascent = Int(pango_font_metrics_get_ascent(metrics))
      descent = Int(pango_font_metrics_get_descent(metrics))
      height = Int(pango_font_metrics_get_height(metrics))
      approximateCharWidth = Int(pango_font_metrics_get_approximate_char_width(metrics))
      approximateDigitWidth = Int(pango_font_metrics_get_approximate_digit_width(metrics))
      underlinePosition = Int(pango_font_metrics_get_underline_position(metrics))
      underlineThickness = Int(pango_font_metrics_get_underline_thickness(metrics))
      strikethroughPosition = Int(pango_font_metrics_get_strikethrough_position(metrics))
      strikethroughThickness = Int(pango_font_metrics_get_strikethrough_thickness(metrics))
    }

    /// The metrics Pango gives (`transfer full`): copied, then its reference dropped.
    package init(taking metrics: UnsafeMutablePointer<PangoFontMetrics>) {
      self.init(borrowing: metrics)
      pango_font_metrics_unref(metrics)
    }
  }
}
