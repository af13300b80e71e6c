// File names as they are put in front of a person: no invisible controls, no reordering.
import Foundation

/// A file or folder name made safe to show in the window title, the header bar,
/// tooltips, notices, the information panels and accessible names; the file on disk
/// keeps its name (only what is shown changes).
///
/// A name may hold characters that change how the text around them reads: a newline
/// or a tab breaks a title or a notice, an escape is invisible, and the bidirectional
/// controls reorder what follows them — `photo` + U+202E RIGHT-TO-LEFT OVERRIDE +
/// `gpj.exe` reads "photoexe.jpg". So:
///
/// - each C0 control shows as its Control Pictures sign (a newline as ␊, an escape as
///   ␛), DEL as ␡, and each C1 control, each bidirectional embedding, override or
///   isolate (U+202A–U+202E, U+2066–U+2069) and the line and paragraph separators as
///   U+FFFD: visible, and inert;
/// - a name holding right-to-left letters (Hebrew, Arabic…), or a mark made above, is
///   wrapped in U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, so it is
///   laid out on its own and neither it nor the text around it (the position, the
///   quotes of a notice) is reordered by the other. Other names are left as they are
///   (nothing in them can reorder a left-to-right line; translations that read right to
///   left isolate the names in their own wording).
package nonisolated enum ShownName {
  /// `name` made safe to show, as the type's documentation says.
  package static func of(_ name: String) -> String {
    var shown = String.UnicodeScalarView()
    var needsIsolation = false
    var changed = false
    for scalar in name.unicodeScalars {
      if let mark = visibleMark(for: scalar) {
        shown.append(mark)
        changed = true
        if mark == replacement { needsIsolation = true }
      } else {
        shown.append(scalar)
        if isRightToLeft(scalar) { needsIsolation = true }
      }
    }
    let text = changed ? String(shown) : name
    return needsIsolation ? "\u{2068}" + text + "\u{2069}" : text
  }

  /// The mark shown instead of characters with no picture of their own.
  private static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// What shows instead of `scalar`, or `nil` when it shows as itself.
  private static func visibleMark(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar.value {
    case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value)
    case 0x7F: "\u{2421}"
    case 0x80...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: replacement
    default: nil
    }
  }

  /// Whether `scalar` is a right-to-left letter or mark (bidirectional class R or AL):
  /// the blocks of the scripts written right to left, and the two marks.
  private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF,  // Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic…
      0x200F, 0x061C,  // RIGHT-TO-LEFT MARK, ARABIC LETTER MARK
      0xFB1D...0xFDFF, 0xFE70...0xFEFE,  // presentation forms
      0x10800...0x10FFF, 0x1E800...0x1EFFF:  // historic scripts, Adlam, Arabic maths
      true
    default: false
    }
  }
}

nonisolated extension ImageItem {
  /// The file's name as shown to a person (`ShownName`): controls made visible,
  /// right-to-left text isolated.
  package var shownName: String { ShownName.of(displayName) }
}

nonisolated extension FilePathBytes {
  /// The last component of `url`'s path as shown to a person (`ShownName`).
  package static func shownName(of url: URL) -> String { ShownName.of(displayName(of: url)) }
}
