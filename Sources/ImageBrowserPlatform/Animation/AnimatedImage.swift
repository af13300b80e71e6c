// An animated GIF: gdk-pixbuf's animation, played frame by frame through its iterator.
import CImaging
import Foundation
import ImageBrowserCore

/// The frames of an animated GIF by time, for an `AnimationClock` (WebP has its own,
/// `WebPAnimation`: webp-pixbuf-loader's iterator gets the timing wrong).
///
/// Holds the `GdkPixbufAnimation` the decoder's loader produced and one iterator; each
/// frame is composited by the iterator when asked for and copied into a cairo surface,
/// so memory holds the file's frames as gdk-pixbuf keeps them (GIF: the compressed
/// data) plus the frames in flight, never every frame decoded. Asking for an earlier
/// time than the last (the animation shown again from its start) makes a new iterator.
///
/// `@unchecked Sendable`: every use of the animation and iterator is under `lock`.
package nonisolated final class AnimatedImage: PlayableAnimation, @unchecked Sendable {
  /// The animation's size in pixels.
  package let size: PixelSize
  private let animation: OpaquePointer
  private let lock = NSLock()
  private var iterator: OpaquePointer?
  private var lastElapsed: Duration = .zero
  /// The frame shown last, kept while the iterator stays on it.
  private var lastFrame: CairoSurface?

  /// The iterator's clock starts here (milliseconds): any origin works; a large one
  /// keeps every time positive.
  private static let origin = 1_000_000_000

  /// Takes a reference of its own to `animation` (a `GdkPixbufAnimation`).
  package init(retaining animation: OpaquePointer) {
    self.animation = animation
    g_object_ref(UnsafeMutableRawPointer(animation))
    size = PixelSize(
      width: Int(gdk_pixbuf_animation_get_width(animation)),
      height: Int(gdk_pixbuf_animation_get_height(animation)))
  }

  deinit {
    if let iterator { g_object_unref(UnsafeMutableRawPointer(iterator)) }
    g_object_unref(UnsafeMutableRawPointer(animation))
  }

  /// The frame at `elapsed` and how long it stays; a frame that cannot be copied (out
  /// of memory) is an empty 1-pixel surface rather than a stop.
  package func frame(at elapsed: Duration) -> AnimationFrame<CairoSurface> {
    lock.withLock {
      let milliseconds = Self.origin + elapsed.milliseconds
      var changed = false
      if let iterator, elapsed >= lastElapsed {
        changed = cimaging_pixbuf_animation_iter_advance_to(iterator, milliseconds) != 0
      } else {
        if let iterator { g_object_unref(UnsafeMutableRawPointer(iterator)) }
        let start = Self.origin
        iterator = cimaging_pixbuf_animation_get_iter_at(
          animation, start)
        if let iterator, elapsed > .zero {
          cimaging_pixbuf_animation_iter_advance_to(iterator, milliseconds)
        }
        changed = true
      }
      lastElapsed = elapsed
      guard let iterator else { return AnimationFrame(frame: Self.empty(), remaining: nil) }
      if changed || lastFrame == nil {
        let pixbuf = gdk_pixbuf_animation_iter_get_pixbuf(iterator)
        lastFrame = pixbuf.flatMap { CairoSurface(copying: $0) }
      }
      let delay = gdk_pixbuf_animation_iter_get_delay_time(iterator)
      return AnimationFrame(
        frame: lastFrame ?? Self.empty(), remaining: delay < 0 ? nil : .milliseconds(delay))
    }
  }

  /// A transparent 1-pixel surface.
  private static func empty() -> CairoSurface {
    CairoSurface(takingOwnership: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1))
  }

  /// The animation in the file open as `descriptor`, read whole through a loader of its
  /// own; `nil` when it is not one or cannot be read. The app calls it only for a file a
  /// decoder helper has already decoded once (its first frame), within the budget.
  package static func load(from descriptor: Int32) -> AnimatedImage? {
    guard lseek(descriptor, 0, SEEK_SET) == 0, let loader = gdk_pixbuf_loader_new() else {
      return nil
    }
    defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
    var buffer = [UInt8](repeating: 0, count: 128 * 1024)
    var accepted = true
    while accepted {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      accepted =
        buffer.withUnsafeBufferPointer {
          gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize(count), nil)
        } != 0
    }
    guard gdk_pixbuf_loader_close(loader, nil) != 0, accepted,
      let animation = gdk_pixbuf_loader_get_animation(loader), isAnimated(animation)
    else { return nil }
    return AnimatedImage(retaining: animation)
  }

  /// Whether the loader's result is an animation with more than one frame; a still
  /// image (every PNG, JPEG, a one-frame GIF) is not.
  package static func isAnimated(_ animation: OpaquePointer) -> Bool {
    gdk_pixbuf_animation_is_static_image(animation) == 0
  }
}

extension Duration {
  /// The whole milliseconds in this duration.
  nonisolated var milliseconds: Int {
    let (seconds, attoseconds) = components
    return Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
  }
}
