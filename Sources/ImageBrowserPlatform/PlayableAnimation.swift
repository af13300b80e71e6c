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
