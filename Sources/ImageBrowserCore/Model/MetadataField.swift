// One metadata tag of a file, as "show all fields" lists it: safe to put on screen.
import Foundation

/// One EXIF, XMP or IPTC tag a file carries, as a person reads it: its standard key
/// (`Exif.Photo.FNumber`), a readable name (`F Number`) and its value as Exiv2
/// interprets it (`F2.8`).
///
/// Names and values come from the file, so they are made safe to show as file names are
/// (`ShownName`: controls visible, bidirectional overrides inert, right-to-left text
/// isolated) and a value is cut to `maximumLength` characters: a 64 KB XMP packet or a
/// maker note's thousands of numbers cost one row, not the window.
package nonisolated struct MetadataField: Hashable, Sendable {
  /// Where the tag lives in the file.
  package enum Family: String, CaseIterable, Hashable, Sendable {
    case exif = "Exif"
    case iptc = "Iptc"
    case xmp = "Xmp"

    /// The group's heading.
    package var title: String {
      switch self {
      case .exif: "EXIF"
      case .iptc: "IPTC"
      case .xmp: "XMP"
      }
    }
  }

  /// The longest value shown whole, in characters; longer ones end in "…".
  package static let maximumLength = 1_000

  /// The tag's family.
  package let family: Family
  /// Exiv2's key: `Family.Group.Tag`, made safe to show.
  package let key: String
  /// The readable name, made safe to show: Exiv2's label, or the key's last part.
  package let name: String
  /// The value, made safe to show and cut to `maximumLength`.
  package let value: String

  /// A field for `key` as Exiv2 names it (`Exif.Image.Make`), with `label` (Exiv2's
  /// readable name, if it has one) and `value` as read; `nil` when `key` is of no
  /// family this app lists.
  package init?(key: String, label: String?, value: String) {
    guard let prefix = key.split(separator: ".", maxSplits: 1).first,
      let family = Family(rawValue: String(prefix))
    else { return nil }
    self.family = family
    self.key = ShownName.of(key)
    let tag = key.split(separator: ".").last.map(String.init) ?? key
    let label = label?.trimmingCharacters(in: .whitespaces) ?? ""
    name = ShownName.of(label.isEmpty ? tag : label)
    self.value = Self.shown(value)
  }

  /// `value` safe to show: trimmed, cut, controls visible.
  static func shown(_ value: String) -> String {
    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
    let cut =
      trimmed.count > maximumLength ? String(trimmed.prefix(maximumLength)) + "…" : trimmed
    return ShownName.of(cut)
  }
}
