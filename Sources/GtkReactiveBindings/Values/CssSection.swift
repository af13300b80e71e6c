// Where in a style sheet something was (`GtkCssSection`), copied as a Swift value.
import CGtk

/// A part of a style sheet GTK parsed (`GtkCssSection`): what it is, the file it came
/// from and where it starts and ends. What `CssProvider`'s `rx.parsingError` carries
/// beside the error.
///
/// Lines and positions count from 0, as GTK's do (the first line is line 0; a position
/// is a character offset in its line).
///
/// ```swift
/// provider.rx.parsingError
///   .subscribe(next: { section, error in
///     print("line \(section.startLine + 1): \(error.message)")
///   })
/// ```
nonisolated public struct CssSection: Hashable, Sendable {
  /// What the section is: the whole document, a rule set, a declaration, a value…
  public let kind: CssSectionType
  /// The URI of the file it was read from; `nil` for CSS loaded from data.
  public let fileURI: String?
  /// The line the section starts on (from 0).
  public let startLine: Int
  /// The character in `startLine` the section starts at (from 0).
  public let startPosition: Int
  /// The line the section ends on (from 0); while parsing, where the parser is.
  public let endLine: Int
  /// The character in `endLine` the section ends at (from 0).
  public let endPosition: Int

  /// A copy of the section GTK passes to a signal (it stays GTK's).
  package init(borrowing section: UnsafeMutableRawPointer) {
    self.init(borrowing: OpaquePointer(section))
  }

  /// A copy of the section behind `section`.
  package init(borrowing section: OpaquePointer) {
    kind = CssSectionType(rawValue: gtk_css_section_get_section_type(section).rawValue)
    fileURI = gtk_css_section_get_file(section).flatMap { CStrings.takeString(g_file_get_uri($0)) }
    startLine = Int(gtk_css_section_get_start_line(section))
    startPosition = Int(gtk_css_section_get_start_position(section))
    endLine = Int(gtk_css_section_get_end_line(section))
    endPosition = Int(gtk_css_section_get_end_position(section))
  }
}
