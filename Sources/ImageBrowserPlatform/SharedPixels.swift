// Decoded pixels in a sealed memory file: written by a helper, mapped by the app.
import CDecoderIPC
import CGtk
import Foundation

/// Pixels handed from a decoder helper to the app without a copy through the socket:
/// the helper writes a pixbuf's rows into a new memory file (`memfd_create`), seals it
/// against writing, shrinking and growing, and sends its descriptor; the app checks the
/// seals and the size, maps it privately (copy on write) and wraps the mapping in a
/// pixbuf, which unmaps it when the last reference goes. A helper killed halfway leaves nothing behind: the
/// file is anonymous and goes with its last descriptor.
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
    let descriptor = cipc_memfd_create("image-browser-pixels")
    guard descriptor >= 0 else { return nil }
    guard ftruncate(descriptor, off_t(length)) == 0,
      let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
      mapping != MAP_FAILED
    else {
      close(descriptor)
      return nil
    }
    mapping.copyMemory(from: source, byteCount: length)
    munmap(mapping, length)
    // Sealed once no writable mapping is left: from now on nobody can change a byte.
    guard cipc_seal(descriptor) == 0 else {
      close(descriptor)
      return nil
    }
    return (descriptor, rowstride)
  }

  /// A pixbuf over the pixels in `descriptor` laid out as `layout` says, mapped
  /// privately without copying; `nil` unless the file is sealed and large enough (a
  /// helper gone wrong must not make the app read past a mapping). Does not take
  /// `descriptor`: the mapping stays valid after the caller closes it.
  static func map(_ descriptor: Int32, as layout: DecoderReply.Pixels) -> OpaquePointer? {
    var info = stat()
    let length = layout.byteCount
    guard layout.isValid, cipc_is_sealed(descriptor) != 0, fstat(descriptor, &info) == 0,
      Int(info.st_size) >= length,
      // Private: a write (nothing here writes a decoded image) would copy the page,
      // never fault or reach the helper's file.
      let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE, descriptor, 0),
      mapping != MAP_FAILED
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
