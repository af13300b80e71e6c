// Pango's font description (`PangoFontDescription`) as its string form.
import CGtk

/// A font: family, style, weight and size, as Pango's string form (`"Sans Bold 12"`,
/// `"Monospace 10"`): what a font chooser's `fontDesc`, a text tag's `fontDesc` and a
/// cell renderer's `fontDesc` carry. Copied in and out of C as a string.
///
/// ```swift
/// tag.fontDesc = FontDescription("Serif Italic 14")
/// ```
nonisolated public struct FontDescription: Sendable, Hashable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// Pango's string form, normalized by Pango when it comes from C.
  public var string: String

  /// The font of string form `string` (Pango reads what it understands).
  public init(_ string: String) { self.string = string }

  /// The font of a string literal: `let font: FontDescription = "Sans 12"`.
  public init(stringLiteral string: String) { self.string = string }

  /// The string form.
  public var description: String { string }

  /// The size in points (0 when the description has none).
  public var points: Double {
    let font = makeCPointer()
    defer { Self.freeCPointer(font) }
    return Double(pango_font_description_get_size(font)) / Double(PANGO_SCALE)
  }

  /// A copy of the font Pango lends (`transfer none`).
  package init(borrowing font: OpaquePointer) {
    string = CStrings.takeStringOrEmpty(pango_font_description_to_string(font))
  }

  /// The font Pango gives (`transfer full`), which is then freed.
  package init(taking font: OpaquePointer) {
    self.init(borrowing: font)
    pango_font_description_free(font)
  }

  /// The font a signal passes.
  package init(borrowing font: UnsafeMutableRawPointer) {
    self.init(borrowing: OpaquePointer(font))
  }

  /// A C copy of the font, for one call; free it with `freeCPointer(_:)`.
  package func makeCPointer() -> OpaquePointer { pango_font_description_from_string(string) }

  /// Frees a copy made by `makeCPointer()`.
  package static func freeCPointer(_ font: OpaquePointer?) {
    if let font { pango_font_description_free(font) }
  }
}

nonisolated extension FontDescription: GValueConvertible {
  /// `PANGO_TYPE_FONT_DESCRIPTION`.
  public static var valueType: GType { pango_font_description_get_type() }
  /// Reads a boxed `PangoFontDescription`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> FontDescription? {
    g_value_get_boxed(value).map { FontDescription(borrowing: OpaquePointer($0)) }
  }
  /// Writes a copy of the font.
  public func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_take_boxed(value, UnsafeRawPointer(makeCPointer()))
  }
}
