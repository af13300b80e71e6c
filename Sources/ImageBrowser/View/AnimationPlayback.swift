// Plays the current image's animation in the viewer, only while it can be seen.
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// Plays the animation of the image the viewer shows: an `AnimationClock` on the main
/// loop times the frames (their own delays, looping as the file says), a worker queue
/// composites each one, and `frame` holds the one to paint.
///
/// It plays only while the viewer can be seen (`ViewerVisibility`): minimized, hidden
/// or showing another image, no frame is made. Showing another image stops the clock;
/// an animation shown again starts from its first frame.
final class AnimationPlayback {
  /// The frame to paint in place of the image's first frame; `nil` when the image is
  /// not animated (or its first frame has not been made yet).
  private(set) var frame: CairoSurface?
  /// Whether an animation is loaded (playing or paused).
  var isActive: Bool { clock != nil }
  /// How many frames have been shown since the current animation started (for tests).
  private(set) var framesShown = 0

  private let visibility: ViewerVisibility
  private let onFrame: () -> Void
  private var clock: AnimationClock<CairoSurface>?
  private let clockBag = SerialDisposable()
  /// Where frames are composited: off the main thread, one at a time.
  private let rendering = QueueScheduler(qos: .userInitiated, name: "image-browser.frames")

  /// Playback in `widget`, calling `onFrame` when a new frame is to be painted.
  init(in widget: Widget, onFrame: @escaping () -> Void) {
    visibility = ViewerVisibility(of: widget)
    self.onFrame = onFrame
  }

  isolated deinit { stop() }

  /// Plays `animation` from its start, or stops playing with `nil`.
  func play(_ animation: (any PlayableAnimation)?) {
    stop()
    guard let animation else { return }
    let clock = AnimationClock(
      timeline: animation.timeline, main: MainLoopScheduler.main, rendering: rendering,
      isPlaying: visibility.isVisible.value)
    let frames = clock.frames.subscribe(next: { [weak self] frame in
      guard let self else { return }
      self.frame = frame
      framesShown += 1
      onFrame()
    })
    let visible = visibility.isVisible.signal.bind(to: clock.isPlaying)
    clock.start()
    self.clock = clock
    clockBag.inner = CompositeDisposable([frames, visible])
  }

  /// Stops the animation shown; its frame is forgotten.
  func stop() {
    clockBag.inner = nil
    clock?.stop()
    clock = nil
    frame = nil
    framesShown = 0
  }
}
