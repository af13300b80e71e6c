// Every EXIF, IPTC and XMP tag of a file, read with gexiv2, for "show all fields".
import CExiv2Guard
import CGExiv2
import Foundation
import ImageBrowserCore

extension Exiv2MetadataReader {
  /// The most tags listed from one file: a maker note can hold thousands, and a hostile
  /// file any number.
  static let maximumFieldCount = 5_000

  package func fields(at url: URL) -> [MetadataField] {
    Exiv2File.withMetadata(of: url) { Self.fields(of: $0) } ?? []
  }

  /// Every tag `handle` holds, EXIF first, then IPTC, then XMP, each as Exiv2 lists
  /// them; a tag Exiv2 cannot interpret (its C++ code throws, or it reports an error) is
  /// left out, the others still listed.
  private static func fields(of handle: UnsafeMutablePointer<GExiv2Metadata>) -> [MetadataField] {
    var fields: [MetadataField] = []
    for (index, _) in MetadataField.Family.allCases.enumerated() {
      var error: UnsafeMutablePointer<GError>?
      guard let tags = cexiv2_metadata_get_tags(handle, Int32(index), &error) else {
        g_clear_error(&error)
        continue
      }
      defer { g_strfreev(tags) }
      var position = 0
      while let tag = tags[position], fields.count < maximumFieldCount {
        position += 1
        guard let field = field(tag, in: handle) else { continue }
        fields.append(field)
      }
    }
    return fields
  }

  /// The field of `tag`, or `nil` when Exiv2 cannot give its value.
  private static func field(
    _ tag: UnsafeMutablePointer<gchar>, in handle: UnsafeMutablePointer<GExiv2Metadata>
  ) -> MetadataField? {
    var error: UnsafeMutablePointer<GError>?
    guard let raw = cexiv2_metadata_try_get_tag_interpreted_string(handle, tag, &error) else {
      g_clear_error(&error)
      return nil
    }
    defer { g_free(raw) }
    let label = cexiv2_metadata_try_get_tag_label(tag, &error).map { String(cString: $0) }
    g_clear_error(&error)
    return MetadataField(
      key: String(cString: tag), label: label, value: decoded(raw))
  }

  /// `text` as UTF-8, invalid bytes replaced (a tag's bytes are the file's, not always
  /// text), read no further than `MetadataField.maximumLength` × 4 bytes.
  private static func decoded(_ text: UnsafeMutablePointer<gchar>) -> String {
    let limit = MetadataField.maximumLength * 4 + 4
    let length = strnlen(text, limit)
    let bytes = UnsafeRawBufferPointer(start: text, count: length)
    var value = String(decoding: bytes, as: UTF8.self)
    if length == limit { value += "…" }
    return value
  }
}
