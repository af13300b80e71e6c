// An SVG image re-rendered with librsvg at the viewer's zoom, the visible part only.
import CImaging
import CRsvg
import Foundation
import Glibc
import ImageBrowserCore
import Synchronization

/// An SVG file kept for rendering sharp at any zoom: gdk-pixbuf rasterizes it once (at
/// the viewer's size), and zoomed in that raster turns blocky; this renders the visible
/// region again at the zoom and device scale shown.
///
/// With decoder helpers (`init(data:size:pool:)`), the file's bytes are kept in a
/// sealed memory file and every render runs in a helper, so a librsvg that hangs or
/// crashes on the document costs only the sharp render (the raster stays), and a
/// render no longer wanted is stopped with its helper. Without them, the file is
/// parsed by librsvg here on the first render, on the rendering thread. Either way
/// librsvg's limits on elements and references stop a maliciously nested file, and a
/// render is never larger than `maximumPixels`.
///
/// `@unchecked Sendable`: the handle is created and used under `lock` only; the memory
/// file is only read.
package nonisolated final class SvgDocument: @unchecked Sendable {
  /// The image's size at 1:1, as gdk-pixbuf decoded it: what zoom factors refer to.
  package let size: PixelSize
  /// The most pixels one render may have (a 4K display's view, twice over).
  static let maximumPixels = 16_000_000
  /// The largest file kept for re-rendering; a larger one stays as rasterized.
  static let maximumFileSize = 32 << 20

  private let data: Data
  private let lock = NSLock()
  private var handle: OpaquePointer?
  private var isUnusable = false
  /// The helpers that render, the sealed memory file holding the bytes, and the
  /// document's number in the helpers' cache; `nil` to render in this process.
  private let helpers: (pool: HelperProcessPool, file: Int32, id: UInt64)?

  /// The document in `data` (the file's bytes), shown at `size` at 1:1, rendered in
  /// this process.
  package init(data: Data, size: PixelSize) {
    self.data = data
    self.size = size
    helpers = nil
  }

  /// The document in `data`, shown at `size` at 1:1, rendered by `pool`'s helpers; in
  /// this process when the bytes cannot be put in a memory file (out of memory).
  package init(data: Data, size: PixelSize, pool: HelperProcessPool) {
    self.size = size
    let file = data.withUnsafeBytes { bytes in
      bytes.baseAddress.flatMap { base in
        SealedMemoryFile.make(
          length: bytes.count, { $0.copyMemory(from: base, byteCount: bytes.count) })
      }
    }
    if let file {
      self.data = Data()
      helpers = (pool, file, Self.nextID.add(1, ordering: .relaxed).newValue)
    } else {
      self.data = data
      helpers = nil
    }
  }

  /// Numbers documents for the helpers' cache.
  private static let nextID = Atomic<UInt64>(0)

  deinit {
    if let handle { g_object_unref(UnsafeMutableRawPointer(handle)) }
    if let helpers { close(helpers.file) }
  }

  /// The document in the sealed memory file `descriptor` (sent by the app to a helper),
  /// if small enough; `nil` else.
  static func contents(ofSealed descriptor: Int32) -> Data? {
    guard let (mapping, length) = SealedMemoryFile.map(descriptor), length <= maximumFileSize
    else { return nil }
    defer { munmap(mapping, length) }
    return Data(bytes: mapping, count: length)
  }

  /// The file at `descriptor` read from its start, if small enough; `nil` else.
  static func contents(of descriptor: Int32) -> Data? {
    WholeFile.data(descriptor, limit: maximumFileSize)
  }

  /// `region` of the image drawn at `region.scale`, as a new surface; `nil` when the
  /// document cannot be rendered (librsvg refused it, its helper failed), the region is
  /// too large, or `isCancelled` said it is no longer wanted (checked while a helper
  /// renders).
  package func render(_ region: RenderRegion, isCancelled: () -> Bool = { false })
    -> CairoSurface?
  {
    guard region.width > 0, region.height > 0,
      region.width * region.height <= Self.maximumPixels, region.scale > 0
    else { return nil }
    if let helpers {
      let render = VectorRender(documentID: helpers.id, size: size, region: region)
      return helpers.pool.render(render, of: helpers.file, isCancelled: isCancelled)
    }
    return renderHere(region)
  }

  /// `region` rendered in this process.
  private func renderHere(_ region: RenderRegion) -> CairoSurface? {
    guard
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(region.width), Int32(region.height))
    else { return nil }
    let result = CairoSurface(takingOwnership: surface)
    return draw(region, on: surface) ? result : nil
  }

  /// Draws `region` at `region.scale` onto the image surface `surface` (the region's
  /// top left corner at its origin), in this process; whether librsvg rendered it. A
  /// decoder helper draws an SVG's raster this way straight into the memory file it
  /// sends (`SurfacePixels.render`).
  func draw(_ region: RenderRegion, on surface: OpaquePointer) -> Bool {
    guard let library = LibRsvg.shared else { return false }
    return lock.withLock {
      guard let handle = parsed(with: library),
        cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface)
      else { return false }
      defer { cairo_destroy(cr) }
      cairo_translate(cr, -Double(region.x), -Double(region.y))
      cairo_scale(cr, region.scale, region.scale)
      var viewport = RsvgRectangle(
        x: 0, y: 0, width: Double(size.width), height: Double(size.height))
      var error: UnsafeMutablePointer<GError>?
      let rendered = library.renderDocument(handle, cr, &viewport, &error)
      if let error { g_error_free(error) }
      cairo_surface_flush(surface)
      return rendered != 0
    }
  }

  /// The handle, parsed now if not yet; `nil` when librsvg cannot read the file.
  private func parsed(with library: LibRsvg) -> OpaquePointer? {
    if let handle { return handle }
    if isUnusable { return nil }
    var error: UnsafeMutablePointer<GError>?
    let made = data.withUnsafeBytes { bytes in
      library.newFromData(
        bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), gsize(bytes.count), &error)
    }
    if let error { g_error_free(error) }
    guard let made else {
      isUnusable = true
      return nil
    }
    handle = made
    return made
  }
}

/// The two librsvg functions the viewer uses, from the library opened on first use
/// (`librsvg-2.so.2`, Debian's librsvg2-2, which gdk-pixbuf's SVG module depends on).
///
/// Linked, librsvg (11 MB of Rust, 37,000 relocations) would load at every start-up and
/// add about 6 MB of RSS for the few sessions that zoom into an SVG; opened here, it
/// costs nothing until then (gdk-pixbuf's SVG module has usually loaded it already by
/// the time an SVG is shown, so opening it is then only a look-up).
private nonisolated struct LibRsvg: @unchecked Sendable {
  typealias NewFromData =
    @convention(c) (
      UnsafePointer<UInt8>?, gsize, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
    ) -> OpaquePointer?
  typealias RenderDocument =
    @convention(c) (
      OpaquePointer?, OpaquePointer?, UnsafePointer<RsvgRectangle>?,
      UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
    ) -> gboolean

  /// `rsvg_handle_new_from_data`.
  let newFromData: NewFromData
  /// `rsvg_handle_render_document` (librsvg 2.46 and later).
  let renderDocument: RenderDocument

  /// The library, opened once; `nil` when it is not installed (SVGs then stay as
  /// gdk-pixbuf rasterized them).
  static let shared: LibRsvg? = {
    guard let library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL),
      let new = dlsym(library, "rsvg_handle_new_from_data"),
      let render = dlsym(library, "rsvg_handle_render_document")
    else { return nil }
    // Never closed: the functions stay valid for the process's life.
    return LibRsvg(
      newFromData: unsafeBitCast(new, to: NewFromData.self),
      renderDocument: unsafeBitCast(render, to: RenderDocument.self))
  }()
}
