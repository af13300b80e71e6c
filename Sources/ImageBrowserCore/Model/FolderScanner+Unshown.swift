// The files of a folder the scanner does not list although they are images.
import Foundation

extension FolderScanner {
  /// The regular files directly in `folder` (hidden ones skipped, links followed) whose
  /// extension is an image's (`ImageExtensions.known`) but not one `formats` lists, by
  /// name in natural order. Empty when the folder cannot be read (its listing says why).
  package func unshownFiles(in folder: URL) -> [URL] {
    let manager = FileManager.default
    guard
      let names = try? manager.contentsOfDirectory(atPath: folder.path)
    else { return [] }
    var found: [(url: URL, name: String)] = []
    for name in names where !name.hasPrefix(".") {
      let ext = (name as NSString).pathExtension.lowercased()
      guard !ext.isEmpty, ImageExtensions.known.contains(ext), !formats.extensions.contains(ext)
      else { continue }
      let url = folder.appendingPathComponent(name)
      var info = stat()
      guard stat(url.path, &info) == 0, Self.lists(info) else { continue }
      found.append((url, name))
    }
    return found.sorted { NaturalOrder.areInIncreasingOrder($0.name, $1.name) }.map(\.url)
  }
}
