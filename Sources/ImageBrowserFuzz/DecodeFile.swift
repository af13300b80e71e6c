// One file decoded once, for counting its instructions (Benchmarks/app/decode-instructions.sh).
import CImaging
import Foundation
import ImageBrowserCore
import ImageBrowserPlatform

/// `decode-file FILE WxH [--gdk-pixbuf]`: decodes FILE fitted to the box as the viewer
/// and the thumbnails do (`ImageDecoder`, in process), or with `--gdk-pixbuf` through
/// gdk-pixbuf's own loader at that size (the peer: what a GTK viewer's decode costs),
/// and prints the size it got. Nothing else runs, so callgrind counts the decode alone
/// (plus the process's start, the same for every file).
nonisolated enum DecodeFile {
  static func main(_ arguments: [String]) -> Int32 {
    guard arguments.count >= 2, let box = parseBox(arguments[1]) else {
      FileHandle.standardError.write(Data(usage.utf8))
      return 2
    }
    let path = arguments[0]
    if arguments.contains("--gdk-pixbuf") {
      var error: UnsafeMutablePointer<GError>?
      guard
        let pixbuf = gdk_pixbuf_new_from_file_at_size(
          path, Int32(box.width), Int32(box.height), &error)
      else {
        DecodeRun.emit("FAILED \(error.map { String(cString: $0.pointee.message) } ?? "")")
        return 1
      }
      DecodeRun.emit("SIZE \(gdk_pixbuf_get_width(pixbuf))x\(gdk_pixbuf_get_height(pixbuf))")
      g_object_unref(UnsafeMutableRawPointer(pixbuf))
      return 0
    }
    switch ImageDecoder.decode(URL(fileURLWithPath: path), fitting: box) {
    case .success(let image):
      DecodeRun.emit("SIZE \(image.width)x\(image.height)")
      return 0
    case .failure(let failure):
      DecodeRun.emit("FAILED \(failure.message ?? "cancelled")")
      return 1
    }
  }

  /// `WxH` as a size.
  private static func parseBox(_ text: String) -> PixelSize? {
    let parts = text.split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
    return PixelSize(width: parts[0], height: parts[1])
  }
}
