// Finding a trashed file's record in the freedesktop.org trash, to put the file back.
import CImaging
import Foundation
import ImageBrowserCore

/// Reads the `.trashinfo` records of the freedesktop.org trash: the home trash
/// (`$XDG_DATA_HOME/Trash`) and the per-volume ones (`.Trash/$uid`, `.Trash-$uid` at a
/// volume's top folder), where GIO's `g_file_trash` moves a file and records its
/// original path (`Path=`, escaped as a URI path; relative to the volume's top for a
/// volume trash) and deletion date.
nonisolated enum TrashRecords {
  /// A file in a trash and its record.
  struct Found {
    /// The file in the trash's `files` folder.
    let file: URL
    /// Its record in the `info` folder.
    let info: URL
  }

  /// The newest record of a file trashed from `path` (its exact bytes), if any.
  static func find(trashedFrom path: [UInt8]) -> Found? {
    var best: (found: Found, date: Date)?
    for (trash, top) in trashes(for: path) {
      let infoFolder = trash.appendingPathComponent("info", isDirectory: true)
      guard
        let names = try? FileManager.default.contentsOfDirectory(atPath: infoFolder.path)
      else { continue }
      for name in names where name.hasSuffix(".trashinfo") {
        let info = infoFolder.appendingPathComponent(name)
        guard let text = try? String(contentsOf: info, encoding: .utf8),
          let recorded = recordedPath(in: text),
          resolve(recorded, top: top) == path
        else { continue }
        let date =
          (try? FileManager.default.attributesOfItem(atPath: info.path)[.modificationDate]
            as? Date) ?? .distantPast
        let file = trash.appendingPathComponent("files", isDirectory: true)
          .appendingPathComponent(String(name.dropLast(".trashinfo".count)))
        if best == nil || date > best!.date { best = (Found(file: file, info: info), date) }
      }
    }
    return best?.found
  }

  /// The trashes a file at `path` may have gone to, with the folder their relative
  /// paths start from (nil for the home trash, whose paths are absolute).
  private static func trashes(for path: [UInt8]) -> [(URL, [UInt8]?)] {
    let home = URL(fileURLWithPath: String(cString: g_get_user_data_dir()), isDirectory: true)
      .appendingPathComponent("Trash", isDirectory: true)
    var result: [(URL, [UInt8]?)] = [(home, nil)]
    let uid = getuid()
    var folder = URL(fileURLWithPath: "/")
    let parts = path.split(separator: UInt8(ascii: "/")).dropLast()
    var top: [UInt8] = []
    for part in [[UInt8]()] + parts.map(Array.init) {
      if !part.isEmpty {
        top += [UInt8(ascii: "/")] + part
        folder = FilePathBytes.url(forPath: top)
      }
      for candidate in [".Trash-\(uid)", ".Trash/\(uid)"] {
        let trash = folder.appendingPathComponent(candidate, isDirectory: true)
        if FileManager.default.fileExists(atPath: trash.path) {
          result.append((trash, top.isEmpty ? [UInt8(ascii: "/")] : top))
        }
      }
    }
    return result
  }

  /// The `Path=` value of a record's `[Trash Info]` group, unescaped to bytes.
  private static func recordedPath(in text: String) -> [UInt8]? {
    for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("Path=") {
      let escaped = String(line.dropFirst("Path=".count))
      guard let unescaped = g_uri_unescape_string(escaped, nil) else { return nil }
      defer { g_free(unescaped) }
      return Array(UnsafeRawBufferPointer(start: unescaped, count: strlen(unescaped)))
    }
    return nil
  }

  /// A recorded path made absolute: relative paths start at the volume's top.
  private static func resolve(_ recorded: [UInt8], top: [UInt8]?) -> [UInt8] {
    guard let top, recorded.first != UInt8(ascii: "/") else { return recorded }
    return top == [UInt8(ascii: "/")] ? top + recorded : top + [UInt8(ascii: "/")] + recorded
  }
}
