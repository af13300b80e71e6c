// An animated WebP: libwebp composes the frames, the file's own durations and loop count time them.
import CImaging
import CWebP
import Foundation
import ImageBrowserCore
import Reactive

/// The frames of an animated WebP by time, for an `AnimationClock`.
///
/// libwebp's demuxer reads the frame durations, the loop count and the ICC profile from
/// the file's chunks; its `WebPAnimDecoder` composes each frame onto the canvas
/// (blending and disposal as the file says), in order. A `FrameSchedule` turns a time
/// into a frame and the exact time left on it. Only the frames in flight are in memory:
/// the decoder's two canvases and the frame last copied into a cairo surface, beside the
/// file's bytes (which the decoder reads in place). Frames skipped over (a late request)
/// are composed but not copied; asking for an earlier frame than the one composed (the
/// next loop, or the animation shown again) starts the decoder again from the first.
///
/// Used instead of gdk-pixbuf's animation for WebP: webp-pixbuf-loader 0.2.1's iterator
/// reports a whole frame's delay wherever in the frame it is and lets frame boundaries
/// drift.
///
/// `@unchecked Sendable`: the decoder is only used under `state`'s lock; the rest is
/// immutable after `init`.
package nonisolated final class WebPAnimation: PlayableAnimation, @unchecked Sendable {
  /// The canvas size in pixels.
  package let size: PixelSize
  /// The frame durations and loop count, as the file states them.
  package let schedule: FrameSchedule
  /// Whether the frames are converted from an embedded ICC profile to sRGB.
  package let isColourManaged: Bool

  /// The largest canvas played (`Animations.maximumCanvas`): the decoder keeps two
  /// canvases and the frame shown is a third copy. A larger one shows its first frame
  /// only (decoded as a still by the helper).
  static let maximumCanvasPixels = Animations.maximumCanvas
  /// The largest file read for playing (a 200-frame 480 × 360 WebP is a few MB).
  static let maximumFileSize = 256 << 20

  private struct State {
    /// The `WebPAnimDecoder`.
    let decoder: OpaquePointer
    /// The frame now composed on the decoder's canvas; -1 before the first.
    var composed = -1
    /// That frame, copied for painting; `nil` until asked for.
    var copy: CairoSurface?
    /// How many frames decode without error (fewer than the file declares when one is
    /// damaged: the frames after it show the last good one).
    var decodable: Int
  }

  /// The file, which the decoder reads in place for its whole life.
  private let bytes: UnsafeMutableRawBufferPointer
  private let pixels: WebPFramePixels
  private let state: Locked<State>

  private init?(taking bytes: UnsafeMutableRawBufferPointer) {
    self.bytes = bytes
    var data = WebPData(
      bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
    guard let facts = Self.facts(of: &data),
      facts.size.width * facts.size.height <= Self.maximumCanvasPixels
    else { return nil }
    size = facts.size
    schedule = facts.schedule
    pixels = WebPFramePixels(profile: facts.profile)
    isColourManaged = pixels.isColourManaged
    var options = WebPAnimDecoderOptions()
    guard WebPAnimDecoderOptionsInit(&options) != 0 else { return nil }
    options.color_mode = pixels.decoderMode
    options.use_threads = 0
    guard let decoder = WebPAnimDecoderNew(&data, &options) else { return nil }
    state = Locked(State(decoder: decoder, decodable: facts.schedule.durations.count))
  }

  deinit {
    state.withLock { WebPAnimDecoderDelete($0.decoder) }
    bytes.deallocate()
  }

  /// The frame at `elapsed` and exactly how long it stays (`nil`: for good, at the end
  /// of the last loop); a frame that cannot be made (out of memory, a file damaged from
  /// its first frame) is an empty 1-pixel surface rather than a stop.
  package func frame(at elapsed: Duration) -> AnimationFrame<CairoSurface> {
    let position = schedule.position(at: elapsed)
    let surface = state.withLock { state in
      Self.surface(of: position.frame, in: &state, pixels: pixels, size: size)
    }
    return AnimationFrame(frame: surface ?? Self.empty(), remaining: position.remaining)
  }

  /// Frame `index` composed and copied, from the copy already made when it is the same.
  private static func surface(
    of wanted: Int, in state: inout State, pixels: WebPFramePixels, size: PixelSize
  ) -> CairoSurface? {
    let index = min(wanted, state.decodable - 1)
    guard index >= 0 else { return nil }
    if index == state.composed, let copy = state.copy { return copy }
    if index <= state.composed {
      WebPAnimDecoderReset(state.decoder)
      state.composed = -1
    }
    state.copy = nil
    var canvas: UnsafeMutablePointer<UInt8>?
    var timestamp: Int32 = 0
    while state.composed < index {
      guard WebPAnimDecoderGetNext(state.decoder, &canvas, &timestamp) != 0 else {
        // Damaged here: the frames from this one on show the last good one, composed
        // again from the start (the canvas holds a half-made frame now).
        state.decodable = state.composed + 1
        state.composed = Int.max
        return surface(of: index, in: &state, pixels: pixels, size: size)
      }
      state.composed += 1
    }
    guard let canvas else { return nil }
    state.copy = pixels.surface(from: canvas, size: size)
    return state.copy
  }

  /// A transparent 1-pixel surface.
  private static func empty() -> CairoSurface {
    CairoSurface(takingOwnership: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1))
  }

  /// What the file's chunks say: canvas size, timing, ICC profile.
  private static func facts(of data: inout WebPData) -> (
    size: PixelSize, schedule: FrameSchedule, profile: Data?
  )? {
    guard let demuxer = WebPDemux(&data) else { return nil }
    defer { WebPDemuxDelete(demuxer) }
    let size = PixelSize(
      width: Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH)),
      height: Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT)))
    guard size.width > 0, size.height > 0 else { return nil }
    var durations: [Duration] = []
    var frame = WebPIterator()
    if WebPDemuxGetFrame(demuxer, 1, &frame) != 0 {
      repeat {
        durations.append(.milliseconds(frame.duration))
      } while WebPDemuxNextFrame(&frame) != 0
      WebPDemuxReleaseIterator(&frame)
    }
    guard !durations.isEmpty else { return nil }
    let loops = Int(WebPDemuxGetI(demuxer, WEBP_FF_LOOP_COUNT))
    var profile: Data?
    let flags = WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS)
    var chunk = WebPChunkIterator()
    if flags & UInt32(ICCP_FLAG.rawValue) != 0, WebPDemuxGetChunk(demuxer, "ICCP", 1, &chunk) != 0 {
      if let start = chunk.chunk.bytes, chunk.chunk.size > 0 {
        profile = Data(bytes: start, count: chunk.chunk.size)
      }
      WebPDemuxReleaseChunkIterator(&chunk)
    }
    return (size, FrameSchedule(durations: durations, loopCount: loops), profile)
  }

  /// Whether the file open as `descriptor` is a WebP (`RIFF`, a size, `WEBP`); reads
  /// its first 12 bytes at offset 0 without moving the file position.
  static func isWebP(_ descriptor: Int32) -> Bool {
    var header = [UInt8](repeating: 0, count: 12)
    let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 12, 0) }
    return count == 12 && header[0..<4].elementsEqual("RIFF".utf8)
      && header[8..<12].elementsEqual("WEBP".utf8)
  }

  /// The animated WebP in the file open as `descriptor`, read whole from its start;
  /// `nil` when it is not one, is damaged before its first frame, or too large.
  package static func load(from descriptor: Int32) -> WebPAnimation? {
    guard case .success(let read) = WholeFile.read(descriptor, limit: maximumFileSize) else {
      return nil
    }
    guard read.isComplete, let animation = WebPAnimation(taking: read.bytes) else {
      read.bytes.deallocate()
      return nil
    }
    return animation
  }

}
