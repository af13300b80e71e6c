// A sharp SVG render in a sealed memory file: written by a helper, mapped by the app.
import CImaging
import Foundation
import ImageBrowserCore

/// A cairo image surface handed from a decoder helper to the app as `SharedPixels`
/// hands a pixbuf: the helper copies the surface's rows into a `SealedMemoryFile`; the
/// app maps it privately and wraps the mapping in a cairo surface, which unmaps it
/// when its last reference goes.
package nonisolated enum SharedRender {
  /// A sealed memory file holding `surface`'s rows (ARGB32) and its layout; `nil` when
  /// the surface is not ARGB32 or the file cannot be made.
  static func write(_ surface: CairoSurface) -> (descriptor: Int32, layout: DecoderReply.Render)? {
    let raw = surface.surface
    cairo_surface_flush(raw)
    let layout = DecoderReply.Render(
      size: surface.size, stride: Int(cairo_image_surface_get_stride(raw)))
    guard cairo_image_surface_get_format(raw) == CAIRO_FORMAT_ARGB32, layout.isValid,
      let data = cairo_image_surface_get_data(raw),
      let descriptor = SealedMemoryFile.make(
        length: layout.byteCount, { $0.copyMemory(from: data, byteCount: layout.byteCount) })
    else { return nil }
    return (descriptor, layout)
  }

  /// A cairo surface over the render in `descriptor` laid out as `layout` says, mapped
  /// without copying; `nil` unless the file is sealed and large enough. Does not take
  /// `descriptor`.
  static func map(_ descriptor: Int32, as layout: DecoderReply.Render) -> CairoSurface? {
    guard layout.isValid else { return nil }
    return map(descriptor, format: CAIRO_FORMAT_ARGB32, size: layout.size, stride: layout.stride)
  }

  /// A cairo surface of `format` and `size` over the rows (`stride` bytes apart, as
  /// cairo lays them out) in the sealed memory file `descriptor`, mapped privately
  /// without copying (a write would copy the page); `nil` unless the file is sealed and
  /// large enough. The mapping goes with the surface. Does not take `descriptor`.
  static func map(_ descriptor: Int32, format: cairo_format_t, size: PixelSize, stride: Int)
    -> CairoSurface?
  {
    guard size.width > 0, size.height > 0, size.width <= 1 << 20, size.height <= 1 << 20,
      stride == Int(cairo_format_stride_for_width(format, Int32(size.width))),
      let (mapping, length) = SealedMemoryFile.map(descriptor, length: stride * size.height)
    else { return nil }
    guard
      let surface = cairo_image_surface_create_for_data(
        mapping.assumingMemoryBound(to: UInt8.self), format, Int32(size.width),
        Int32(size.height), Int32(stride))
    else {
      munmap(mapping, length)
      return nil
    }
    // The mapping goes with the surface: its address and length, freed by `unmap`.
    let region = UnsafeMutablePointer<Int>.allocate(capacity: 2)
    region[0] = Int(bitPattern: mapping)
    region[1] = length
    let unmap: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
      guard let region = pointer?.assumingMemoryBound(to: Int.self) else { return }
      munmap(UnsafeMutableRawPointer(bitPattern: region[0]), region[1])
      region.deallocate()
    }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      cairo_surface_set_user_data(surface, mappingKey, region, unmap) == CAIRO_STATUS_SUCCESS
    else {
      cairo_surface_destroy(surface)
      munmap(mapping, length)
      region.deallocate()
      return nil
    }
    return CairoSurface(takingOwnership: surface)
  }

  /// The key under which a mapped surface keeps its mapping (cairo compares addresses).
  private nonisolated(unsafe) static let mappingKey = UnsafeMutablePointer<cairo_user_data_key_t>
    .allocate(capacity: 1)
}
