// An animated WebP's first frame, decoded by libwebp rather than webp-pixbuf-loader.
import CImaging
import CWebP
import Foundation
import ImageBrowserCore

/// The first frame of an animated WebP, decoded with libwebp's demuxer and decoder: the
/// still a thumbnail shows, and what the viewer shows before playing.
///
/// webp-pixbuf-loader (0.2.1) makes that frame inside `gdk_pixbuf_loader_close`
/// through its animation iterator; on a file libwebp's animation decoder refuses (a
/// damaged frame header, a frame larger than the canvas), or on one only partly fed (a
/// decode cancelled, a picture refused over the budget), the iterator is not made and
/// the loader goes on with it: a GLib warning and two criticals per file, 78 files of
/// the fuzz corpus. Decoded here, such a file is refused with a message and no loader
/// of gdk-pixbuf ever sees an animated WebP.
///
/// Memory: the file's bytes (libwebp reads them in place) and one canvas; the frame is
/// decoded straight into it at its offset.
nonisolated enum AnimatedWebPFrame {
  /// Whether the file open as `descriptor` is an animated WebP: `RIFF`, a size, `WEBP`,
  /// then a `VP8X` chunk with its animation flag. Reads the head with `pread`.
  static func isAnimated(_ descriptor: Int32) -> Bool {
    var head = [UInt8](repeating: 0, count: 21)
    let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 21, 0) }
    return count == 21 && head[0..<4].elementsEqual("RIFF".utf8)
      && head[8..<12].elementsEqual("WEBP".utf8) && head[12..<16].elementsEqual("VP8X".utf8)
      && head[20] & 0x02 != 0
  }

  /// The first frame, its canvas size and frame count, decoded at full size (within
  /// `budget` pixels) and then scaled to fit `box` when given, colour-managed from the
  /// file's ICC profile; or why there is none.
  static func decode(
    _ descriptor: Int32, fitting box: PixelSize?, budget: Int, isCancelled: () -> Bool
  ) -> Result<(pixbuf: OpaquePointer, canvas: PixelSize, frames: Int), DecodeFailure> {
    let bytes: UnsafeMutableRawBufferPointer
    switch WholeFile.read(
      descriptor, limit: WebPAnimation.maximumFileSize, isCancelled: isCancelled)
    {
    case .success(let read): bytes = read.bytes
    case .failure(let failure): return .failure(failure.decodeFailure)
    }
    defer { bytes.deallocate() }
    // A file that shrank while read is demuxed as far as it goes.
    var data = WebPData(
      bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
    guard let demuxer = WebPDemux(&data) else { return .failure(damaged) }
    defer { WebPDemuxDelete(demuxer) }
    let canvas = PixelSize(
      width: Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH)),
      height: Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT)))
    let frames = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
    guard canvas.width > 0, canvas.height > 0, frames > 0 else { return .failure(damaged) }
    guard canvas.area <= budget else {
      return .failure(.failed(DecodeBudget.refusedMessage(full: canvas, budget: budget)))
    }
    var frame = WebPIterator()
    guard WebPDemuxGetFrame(demuxer, 1, &frame) != 0 else { return .failure(damaged) }
    defer { WebPDemuxReleaseIterator(&frame) }
    let x = Int(frame.x_offset)
    let y = Int(frame.y_offset)
    let width = Int(frame.width)
    let height = Int(frame.height)
    guard width > 0, height > 0, x + width <= canvas.width, y + height <= canvas.height,
      let fragment = frame.fragment.bytes
    else { return .failure(damaged) }
    if isCancelled() { return .failure(.cancelled) }
    // A transparent canvas (the first frame is composed onto nothing), the frame decoded
    // into it where it sits.
    guard
      let pixbuf = gdk_pixbuf_new(
        GDK_COLORSPACE_RGB, 1, 8, Int32(canvas.width), Int32(canvas.height)),
      let pixels = gdk_pixbuf_get_pixels(pixbuf)
    else { return .failure(.failed(tr("Out of memory"))) }
    gdk_pixbuf_fill(pixbuf, 0)
    let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    let target = pixels + y * stride + x * 4
    let room = stride * (height - 1) + width * 4
    guard
      WebPDecodeRGBAInto(fragment, frame.fragment.size, target, room, Int32(stride)) != nil
    else {
      g_object_unref(UnsafeMutableRawPointer(pixbuf))
      return .failure(damaged)
    }
    if let profile = WebPProfile.embedded(in: descriptor) {
      ColorManagement.convertToSRGB(pixbuf, from: profile)
    }
    guard let box else { return .success((pixbuf, canvas, frames)) }
    let wanted = canvas.fitting(in: box)
    guard wanted != canvas else { return .success((pixbuf, canvas, frames)) }
    let scaled = gdk_pixbuf_scale_simple(
      pixbuf, Int32(wanted.width), Int32(wanted.height), GDK_INTERP_BILINEAR)
    g_object_unref(UnsafeMutableRawPointer(pixbuf))
    guard let scaled else { return .failure(.failed(tr("Out of memory"))) }
    return .success((scaled, canvas, frames))
  }

  /// "The animation is damaged (libwebp cannot read its first frame)."
  private static var damaged: DecodeFailure {
    .failed(tr("The animation is damaged (libwebp cannot read its first frame)."))
  }
}
