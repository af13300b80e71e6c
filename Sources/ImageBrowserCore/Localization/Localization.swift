// The app's translations: GNU gettext's catalogues, looked up through glibc.
import Foundation

/// The image browser's messages in the user's language, from the gettext catalogues of
/// the `image-browser` domain (`po/*.po`, compiled to
/// `resources/locale/<lang>/LC_MESSAGES/image-browser.mo` by `make locale`).
///
/// glibc implements gettext, but Swift's `Glibc` module does not export `libintl.h`, and
/// this target may import Foundation only; the five functions used are looked up once
/// with `dlsym` in the C library already loaded. Where they are missing (another C
/// library), every message stays English.
///
/// Messages are translated where they are shown, never stored translated, so switching
/// the language at run time (`use(language:)`, for tests) changes every later lookup.
/// Lookups are thread-safe: decoders describe failures off the main thread.
package nonisolated enum Localization {
  /// The gettext domain: the catalogues' file name without `.mo`.
  package static let domain = "image-browser"

  /// Makes the process follow the user's locale (`setlocale(LC_ALL, "")`, as `gtk_init`
  /// also does) and reads this domain's catalogues from `directory` (a `locale` folder of
  /// `<lang>/LC_MESSAGES/image-browser.mo`) when it exists; else from the system's.
  package static func start(catalogues directory: URL?) {
    setlocale(LC_ALL, "")
    if let directory, FileManager.default.fileExists(atPath: directory.path) {
      bind(to: directory.path)
    }
    _ = C.bindCodeset?(domain, "UTF-8")
    _ = C.textdomain?(domain)
  }

  /// Where this domain's catalogues are read from now.
  package static var cataloguesPath: String? {
    C.bindtextdomain?(domain, nil).map { String(cString: $0) }
  }

  /// Reads this domain's catalogues from `path` from now on.
  package static func bind(to path: String) {
    _ = C.bindtextdomain?(domain, path)
    _ = C.bindCodeset?(domain, "UTF-8")
  }

  /// Switches the language of every later lookup, GTK's included: sets `LANGUAGE` (or
  /// removes it, for `nil`) and tells gettext that its cached translations are stale
  /// (calling `textdomain` again is gettext's documented signal for that). gettext
  /// ignores `LANGUAGE` in the "C" locale, so a process in "C" moves its messages to
  /// "C.UTF-8" first. Not safe while other threads read the environment: for start-up
  /// and tests.
  package static func use(language: String?) {
    if let messages = setlocale(LC_MESSAGES, nil).map({ String(cString: $0) }),
      messages == "C" || messages == "POSIX"
    {
      setlocale(LC_MESSAGES, "C.UTF-8")
    }
    if let language {
      setenv("LANGUAGE", language, 1)
    } else {
      unsetenv("LANGUAGE")
    }
    let current = C.textdomain?(nil).map { String(cString: $0) } ?? domain
    _ = C.textdomain?(current)
  }

  /// `msgid` in the user's language (itself when untranslated).
  package static func translate(_ msgid: String) -> String {
    guard let dgettext = C.dgettext else { return msgid }
    // Untranslated, gettext returns the pointer it was given: read it while it is valid.
    return msgid.withCString { id in dgettext(domain, id).map { String(cString: $0) } ?? msgid }
  }

  /// The form of a message with a number for `count`: `singular` or `plural` in English,
  /// as many forms as the language has otherwise.
  package static func translate(_ singular: String, _ plural: String, count: Int) -> String {
    let n = UInt(clamping: count)
    let english = count == 1 ? singular : plural
    guard let dngettext = C.dngettext else { return english }
    // Untranslated, gettext returns one of the pointers it was given: read it while valid.
    return singular.withCString { one in
      plural.withCString { many in
        dngettext(domain, one, many, n).map { String(cString: $0) } ?? english
      }
    }
  }

  /// Fills `template`'s C-style placeholders with `arguments`: `%s` and `%d` take the
  /// next argument, `%2$s` and `%2$d` the second (so a translation may reorder them),
  /// `%%` is a percent sign. Each argument is written with `description`; a placeholder
  /// without an argument stays as it is.
  package static func format(_ template: String, _ arguments: [String]) -> String {
    guard !arguments.isEmpty, template.contains("%") else { return template }
    var result = ""
    var next = 0
    var rest = template[...]
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      rest = rest[rest.index(after: percent)...]
      if rest.first == "%" {
        result += "%"
        rest = rest.dropFirst()
        continue
      }
      var position: Int?
      let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
      if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
        position = Int(digits).map { $0 - 1 }
        rest = rest.dropFirst(digits.count + 1)
      }
      guard let kind = rest.first, kind == "s" || kind == "d" else {
        result += "%"
        continue
      }
      rest = rest.dropFirst()
      let index = position ?? next
      next = index + 1
      result += arguments.indices.contains(index) ? arguments[index] : "%\(kind)"
    }
    return result + rest
  }

  /// glibc's gettext functions, found at run time.
  private enum C {
    typealias Lookup =
      @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<
        CChar
      >?
    typealias PluralLookup =
      @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UInt)
      -> UnsafeMutablePointer<CChar>?
    typealias Domain = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?

    static let dgettext = symbol("dgettext", as: Lookup.self)
    static let dngettext = symbol("dngettext", as: PluralLookup.self)
    static let bindtextdomain = symbol("bindtextdomain", as: Lookup.self)
    static let bindCodeset = symbol("bind_textdomain_codeset", as: Lookup.self)
    static let textdomain = symbol("textdomain", as: Domain.self)

    /// The C library's function `name` (a null handle searches every loaded object).
    static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
      dlsym(nil, name).map { unsafeBitCast($0, to: type) }
    }
  }
}

/// `msgid` translated, its placeholders (`%s`, `%d`, `%1$s`…) filled with `arguments`.
/// The string extractor (`scripts/update-po.sh`) collects the literal passed here: pass a
/// literal, never an interpolated string.
package nonisolated func tr(_ msgid: String, _ arguments: any CustomStringConvertible...)
  -> String
{
  Localization.format(Localization.translate(msgid), arguments.map(\.description))
}

/// The plural form of a message for `count`, its first placeholder filled with `count`
/// and the next ones with `arguments`: `trn("%d image", "%d images", n)`.
package nonisolated func trn(
  _ singular: String, _ plural: String, _ count: Int,
  _ arguments: any CustomStringConvertible...
) -> String {
  Localization.format(
    Localization.translate(singular, plural, count: count),
    [count.description] + arguments.map(\.description))
}

/// Marks `msgid` for the extractor without translating it: for tables built once whose
/// entries are translated where shown (`tr(entry)`).
package nonisolated func N_(_ msgid: String) -> String { msgid }
