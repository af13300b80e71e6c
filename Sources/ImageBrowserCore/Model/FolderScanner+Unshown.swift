// The files of a folder the scanner does not list although they are images.
import Foundation

extension FolderScanner {
  /// The regular files directly in `folder` (hidden ones skipped, links followed) whose
  /// extension is an image's (`ImageExtensions.known`) but not one `formats` lists, or
  /// that `unshowable` says cannot be shown, by name in natural order. Empty when the
  /// folder cannot be read (its listing says why).
  package func unshownFiles(in folder: URL) -> [URL] {
    let manager = FileManager.default
    guard
      let names = try? manager.contentsOfDirectory(atPath: folder.path)
    else { return [] }
    var found: [(url: URL, name: String)] = []
    for name in names where !name.hasPrefix(".") {
      let ext = (name as NSString).pathExtension.lowercased()
      guard !ext.isEmpty, ImageExtensions.known.contains(ext) else { continue }
      let url = folder.appendingPathComponent(name)
      var info = stat()
      guard stat(url.path, &info) == 0, Self.lists(info) else { continue }
      if formats.extensions.contains(ext), unshowable?(url) == nil { continue }
      found.append((url, name))
    }
    return found.sorted { NaturalOrder.areInIncreasingOrder($0.name, $1.name) }.map(\.url)
  }

  /// Why `file` cannot be shown: no loader reads its type, or `unshowable`'s reason.
  package func unshownReason(of file: URL) -> String? {
    let ext = file.pathExtension.lowercased()
    if !ext.isEmpty, ImageExtensions.known.contains(ext), !formats.extensions.contains(ext) {
      return tr("No image loader installed here reads %s files.", ShownName.of(ext.uppercased()))
    }
    return unshowable?(file)
  }
}
