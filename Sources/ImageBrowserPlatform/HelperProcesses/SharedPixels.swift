// Decoded pixels in a sealed memory file: written by a helper, mapped by the app.
import CDecoderIPC
import CImaging
import Foundation

/// Pixels handed from a decoder helper to the app without a copy through the socket:
/// the helper writes a pixbuf's rows into a `SealedMemoryFile` and sends its
/// descriptor; the app checks the seals and the size, maps it privately (copy on
/// write) and wraps the mapping in a pixbuf, which unmaps it when the last reference
/// goes.
package nonisolated enum SharedPixels {
  /// A sealed memory file holding the rows of `pixbuf` (8-bit RGB or RGBA) laid out as
  /// in it, and that layout; `nil` when the file cannot be made (out of memory).
  static func write(_ pixbuf: OpaquePointer) -> (descriptor: Int32, rowstride: Int)? {
    let width = Int(gdk_pixbuf_get_width(pixbuf))
    let height = Int(gdk_pixbuf_get_height(pixbuf))
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4,
      width > 0, height > 0, let source = gdk_pixbuf_read_pixels(pixbuf)
    else { return nil }
    let length = rowstride * (height - 1) + width * channels
    guard
      let descriptor = SealedMemoryFile.make(
        length: length, { $0.copyMemory(from: source, byteCount: length) })
    else { return nil }
    return (descriptor, rowstride)
  }

  /// A pixbuf over the pixels in `descriptor` laid out as `layout` says, mapped
  /// privately without copying; `nil` unless the file is sealed and large enough (a
  /// helper gone wrong must not make the app read past a mapping). Does not take
  /// `descriptor`: the mapping stays valid after the caller closes it.
  static func map(_ descriptor: Int32, as layout: DecoderReply.Pixels) -> OpaquePointer? {
    guard layout.isValid,
      let (mapping, length) = SealedMemoryFile.map(descriptor, length: layout.byteCount)
    else { return nil }
    let unmap: @convention(c) (UnsafeMutablePointer<guchar>?, gpointer?) -> Void = {
      pixels, length in
      munmap(pixels, Int(bitPattern: length))
    }
    guard
      let pixbuf = gdk_pixbuf_new_from_data(
        mapping.assumingMemoryBound(to: guchar.self), GDK_COLORSPACE_RGB,
        layout.hasAlpha ? 1 : 0, 8, Int32(layout.size.width), Int32(layout.size.height),
        Int32(layout.rowstride), unmap, UnsafeMutableRawPointer(bitPattern: length))
    else {
      munmap(mapping, length)
      return nil
    }
    return pixbuf
  }
}
