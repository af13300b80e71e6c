// Pango's language tags (`PangoLanguage`) as Swift values.
import CGtk

extension Pango {
  /// A language, as its RFC 3066 tag (`"en-us"`, `"de"`): what a text iterator reports as
  /// the language in effect (`TextIter.language`) and what a layout's context uses to pick
  /// fonts and line breaks. Pango keeps one C value per tag for the life of the process,
  /// so a `Language` is copied in and out of C as its tag.
  nonisolated public struct Language: Sendable, Hashable, CustomStringConvertible {
    /// The tag, in Pango's normalized form (lower case, `-` between parts) when it comes
    /// from C.
    public var tag: String

    /// The language of tag `tag` (Pango normalizes it when it crosses into C).
    public init(_ tag: String) { self.tag = tag }

    /// The language of the process's locale (`LC_CTYPE`).
    public static var `default`: Language { Language(borrowing: pango_language_get_default()) }

    /// The tag.
    public var description: String { tag }

    /// Text that shows the language's script, for previews (`"我能吞下玻璃而不伤身体。"` for
    /// `zh-tw`); Pango's generic sample for a language it has none for.
    public var sampleString: String {
      String(cString: pango_language_get_sample_string(makeCPointer()))
    }

    /// Whether this language matches any of the `;`, `:`, `,` or space separated patterns
    /// of `ranges` (`"en-us;zh-*"`; `*` matches every language).
    public func matches(_ ranges: String) -> Bool {
      pango_language_matches(makeCPointer(), ranges) != 0
    }

    /// A copy of a language Pango lends.
    package init(borrowing language: OpaquePointer) {
      tag = String(cString: UnsafeRawPointer(language).assumingMemoryBound(to: CChar.self))
    }

    /// A language Pango gives: its languages are never freed, so this is a copy too.
    package init(taking language: OpaquePointer) { self.init(borrowing: language) }

    /// The language a signal passes.
    package init(borrowing language: UnsafeMutableRawPointer) {
      self.init(borrowing: OpaquePointer(language))
    }

    /// Pango's C value for the tag, which lives as long as the process.
    package func makeCPointer() -> OpaquePointer { pango_language_from_string(tag) }

    /// Nothing to free: Pango owns its languages.
    package static func freeCPointer(_ language: OpaquePointer?) {}
  }
}

nonisolated extension Pango.Language: GValueConvertible {
  /// `PANGO_TYPE_LANGUAGE`.
  public static var valueType: GType { pango_language_get_type() }
  /// Reads a boxed `PangoLanguage`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> Pango.Language? {
    g_value_get_boxed(value).map { Pango.Language(borrowing: OpaquePointer($0)) }
  }
  /// Writes the language.
  public func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_set_boxed(value, UnsafeRawPointer(makeCPointer()))
  }
}
