// What the viewer plays: an animation's frames by time as cairo surfaces, GIF or WebP.
import CImaging
import ImageBrowserCore

/// An animation the viewer plays (`AnimationClock` over its frames): GIF through
/// gdk-pixbuf (`AnimatedImage`), WebP through libwebp (`WebPAnimation`).
package nonisolated protocol PlayableAnimation: AnimationTimeline where Frame == CairoSurface {
  /// The animation's size in pixels (its canvas).
  var size: PixelSize { get }
}

extension PlayableAnimation {
  /// This animation as an `AnimationClock` takes it (Swift 6.3 does not convert an
  /// `any PlayableAnimation` to its parent existential by itself).
  package var timeline: any AnimationTimeline<CairoSurface> { self }
}

/// Loading the animation in a file, whichever its format.
package nonisolated enum Animations {
  /// The largest canvas played, in pixels: 16 megapixels (4,096 × 4,096; a 4K video
  /// frame is half of it). Playing keeps up to three canvases in memory (the decoder's
  /// composite, the frame shown, the next one being made), on top of the still: a
  /// 7,000 × 7,000 GIF at 1:1 took the app to 429 MB. A larger one shows its first
  /// frame, still, and says so (`DecodedImage.notice`).
  package static let maximumCanvas = 16_000_000

  /// Whether an animation of `canvas` pixels (unknown: `nil`) is played.
  package static func plays(canvas: PixelSize?) -> Bool {
    canvas.map { $0.area <= maximumCanvas } ?? false
  }

  /// "This animation is 7,000 × 7,000 pixels; it is shown still (the browser plays
  /// animations of at most 16 megapixels)."
  package static func stillMessage(canvas: PixelSize) -> String {
    tr(
      "This animation is %1$s pixels; it is shown still (the browser plays animations of at most %2$d megapixels).",
      canvas.grouped, maximumCanvas / 1_000_000)
  }

  /// The animation in the file open as `descriptor`, read from its start: libwebp's for
  /// a WebP (the file's own timing, composited by libwebp), gdk-pixbuf's for anything
  /// else; `nil` when it is not an animation or cannot be read. The app calls it only
  /// for a file a decoder helper has already decoded once (its first frame), within the
  /// budget.
  package static func load(from descriptor: Int32) -> (any PlayableAnimation)? {
    if WebPAnimation.isWebP(descriptor) { return WebPAnimation.load(from: descriptor) }
    return AnimatedImage.load(from: descriptor)
  }
}
