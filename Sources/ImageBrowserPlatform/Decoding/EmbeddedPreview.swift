// The small preview a camera stores in its photos' EXIF, read with gexiv2 (Exiv2).
import CExiv2Guard
import CGExiv2
import CImaging
import Foundation
import ImageBrowserCore

/// Reads the thumbnail embedded in a file's EXIF data: cameras write one into every
/// JPEG (DCF asks for 160 × 120), and so do many raw and TIFF writers. It costs a read
/// of the file's head and the decode of a few kilobytes, where the picture itself costs
/// the Huffman decoding of megabytes, so the viewer shows it, blurred, while the image
/// decodes (the strip's own thumbnail, when there is one in memory, is preferred).
///
/// The preview is given the upright orientation of the image it belongs to, and the
/// black bars a camera adds to fit a 3:2 picture into a 4:3 thumbnail are cut off; a
/// preview whose shape differs from the image's for another reason (the image was
/// cropped and the thumbnail left as it was) is refused, since it would show another
/// picture. Runs in a decoder helper: Exiv2 and the JPEG loader parse what the file
/// says, and a file can say anything.
package nonisolated enum EmbeddedPreview {
  /// The smallest file whose preview is worth reading before its picture: a smaller one
  /// decodes in a few milliseconds (a 2 MP JPEG of 300 KB in 5–10), sooner than a
  /// preview would help, and reading one first would only delay it.
  package static let worthwhileBytes = 1 << 20
  /// The most pixels a preview may have: a thumbnail, never a second full image.
  package static let budget = 1 << 20
  /// The longest preview read, in bytes (an EXIF segment in a JPEG is at most 64 KiB;
  /// raw files embed larger ones).
  static let maximumBytes = 4 << 20
  /// How far the preview's shape may differ from the image's without a crop (rounding).
  static let aspectTolerance = 0.02
  /// The brightest a bar may be (mean luma, of 255) to count as the black a camera
  /// pads with.
  static let barLevel = 24

  /// The upright preview embedded in the file at `url` (opened as `Exiv2File` says),
  /// or why there is none.
  package static func decode(_ url: URL) -> Result<DecodedImage, DecodeFailure> {
    Exiv2File.withMetadata(of: url) { preview(in: $0) } ?? .failure(.failed(noPreview))
  }

  /// The upright preview in the opened metadata `handle`, or why there is none.
  private static func preview(in handle: UnsafeMutablePointer<GExiv2Metadata>) -> Result<
    DecodedImage, DecodeFailure
  > {
    var error: UnsafeMutablePointer<GError>?
    defer { g_clear_error(&error) }
    guard let pixbuf = thumbnailPixbuf(of: handle) else { return .failure(.failed(noPreview)) }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    var width: Int32 = 0
    var height: Int32 = 0
    let stored: PixelSize? =
      cexiv2_metadata_get_pixel_size(handle, &width, &height, &error) != 0
      ? PixelSize(width: Int(width), height: Int(height)) : nil
    g_clear_error(&error)
    // Without the image's size (Exiv2 reads it from a JPEG's frame header), as it is.
    let shaped = if let stored { matched(pixbuf, to: stored) } else { retained(pixbuf) }
    guard let shaped else { return .failure(.failed(noPreview)) }
    let value = Int(cexiv2_metadata_try_get_orientation(handle, &error).rawValue)
    let orientation = Orientation(exif: value) ?? .up
    let upright = PixbufOrientation.apply(orientation, to: shaped)
    g_object_unref(UnsafeMutableRawPointer(shaped))
    guard let upright else { return .failure(.failed(tr("Out of memory"))) }
    let full = stored.map { orientation.swapsDimensions ? $0.transposed : $0 }
    return .success(
      DecodedImage(
        takingOwnership: upright, fullSize: full, isTransposed: orientation.swapsDimensions))
  }

  /// Why there is no preview (not shown to people: the image's decode speaks for it).
  private static var noPreview: String { "no embedded preview" }

  /// The EXIF thumbnail decoded (a new reference), or `nil` when there is none or it
  /// is not an image within `budget`.
  private static func thumbnailPixbuf(of handle: UnsafeMutablePointer<GExiv2Metadata>)
    -> OpaquePointer?
  {
    var bytes: UnsafeMutablePointer<UInt8>?
    var count: Int32 = 0
    var error: UnsafeMutablePointer<GError>?
    let found = cexiv2_metadata_get_exif_thumbnail(handle, &bytes, &count, &error)
    g_clear_error(&error)
    defer { g_free(bytes) }
    guard found != 0, let bytes, count > 0, Int(count) <= maximumBytes,
      let descriptor = SealedMemoryFile.make(
        length: Int(count), { $0.copyMemory(from: bytes, byteCount: Int(count)) })
    else { return nil }
    defer { close(descriptor) }
    guard case .success(let image) = ImageDecoder.decode(contentsOf: descriptor, budget: budget)
    else { return nil }
    g_object_ref(UnsafeMutableRawPointer(image.pixbuf))
    return image.pixbuf
  }

  /// `pixbuf` (a new reference) cut to the shape of an image of `size`: the black bars
  /// around it removed; `nil` when the shapes differ and the margin is not black.
  static func matched(_ pixbuf: OpaquePointer, to size: PixelSize) -> OpaquePointer? {
    let width = Int(gdk_pixbuf_get_width(pixbuf))
    let height = Int(gdk_pixbuf_get_height(pixbuf))
    let aspect = Double(size.width) / Double(size.height)
    let shown = Double(width) / Double(height)
    if abs(shown - aspect) <= aspect * aspectTolerance { return retained(pixbuf) }
    // Taller than the image: bars above and below; wider: left and right.
    let barsAboveAndBelow = shown < aspect
    let keptWidth = barsAboveAndBelow ? width : Int((Double(height) * aspect).rounded())
    let keptHeight = barsAboveAndBelow ? Int((Double(width) / aspect).rounded()) : height
    var kept = Area(
      x: (width - keptWidth) / 2, y: (height - keptHeight) / 2, width: keptWidth,
      height: keptHeight)
    // JPEG rings next to the picture's edge: two pixels there are left out of the test.
    let picture = kept.grown(by: 2)
    guard kept.width > 2, kept.height > 2,
      level(of: pixbuf, where: { !picture.contains($0, $1) }) <= barLevel
    else { return nil }
    // Bars an odd number of pixels thick leave a black line along one edge: cut it too.
    for _ in 0..<2 {
      for edge in kept.edges(across: barsAboveAndBelow)
      where level(of: pixbuf, where: edge.contains) <= barLevel {
        kept = kept.without(edge)
      }
    }
    guard
      let part = gdk_pixbuf_new_subpixbuf(
        pixbuf, Int32(kept.x), Int32(kept.y), Int32(kept.width), Int32(kept.height))
    else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(part)) }
    return gdk_pixbuf_copy(part)
  }

  /// A rectangle of a preview's pixels.
  struct Area {
    var x, y, width, height: Int

    func contains(_ column: Int, _ row: Int) -> Bool {
      column >= x && column < x + width && row >= y && row < y + height
    }

    func grown(by margin: Int) -> Area {
      Area(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }

    /// The first and last rows (`rows`) or columns.
    func edges(across rows: Bool) -> [Area] {
      rows
        ? [
          Area(x: x, y: y, width: width, height: 1),
          Area(x: x, y: y + height - 1, width: width, height: 1),
        ]
        : [
          Area(x: x, y: y, width: 1, height: height),
          Area(x: x + width - 1, y: y, width: 1, height: height),
        ]
    }

    /// This area without `edge`, one of its `edges`.
    func without(_ edge: Area) -> Area {
      if edge.width == width {
        return Area(x: x, y: edge.y == y ? y + 1 : y, width: width, height: height - 1)
      }
      return Area(x: edge.x == x ? x + 1 : x, y: y, width: width - 1, height: height)
    }
  }

  /// The mean luma (0–255) of the pixels of `pixbuf` at the columns and rows `included`
  /// takes; 0 when it takes none. Luma, not colour: JPEG keeps colour at half
  /// resolution, so a black line next to the picture takes on some of its colour.
  private static func level(of pixbuf: OpaquePointer, where included: (Int, Int) -> Bool)
    -> Int
  {
    guard let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return Int.max }
    let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    var total = 0
    var count = 0
    for row in 0..<Int(gdk_pixbuf_get_height(pixbuf)) {
      for column in 0..<Int(gdk_pixbuf_get_width(pixbuf)) where included(column, row) {
        let pixel = pixels + row * stride + column * channels
        total += (299 * Int(pixel[0]) + 587 * Int(pixel[1]) + 114 * Int(pixel[2])) / 1000
        count += 1
      }
    }
    return count == 0 ? 0 : total / count
  }

  /// `pixbuf` with a new reference.
  private static func retained(_ pixbuf: OpaquePointer) -> OpaquePointer? {
    g_object_ref(UnsafeMutableRawPointer(pixbuf))
    return pixbuf
  }
}
