// Plays an animation: asks for each frame when it is due, pausing and resuming in place.
import Reactive

/// One frame of an animation, and how much longer it shows.
package nonisolated struct AnimationFrame<Frame> {
  /// The frame (a surface in the app).
  package let frame: Frame
  /// How long it stays from the moment asked for; `nil` when it stays for good (the end
  /// of an animation that does not loop, or a still image).
  package let remaining: Duration?

  /// `frame`, shown for `remaining` more.
  package init(frame: Frame, remaining: Duration?) {
    self.frame = frame
    self.remaining = remaining
  }
}

/// An animation's frames by time: what an `AnimationClock` plays. The app's are a
/// gdk-pixbuf animation iterator (GIF) and libwebp's animation decoder over a
/// `FrameSchedule` (WebP); tests use a list of delays.
///
/// Called on the clock's rendering scheduler, one call at a time.
package nonisolated protocol AnimationTimeline<Frame>: AnyObject, Sendable {
  /// What one frame is.
  associatedtype Frame
  /// The frame shown `elapsed` after the animation began (looping as the file says).
  func frame(at elapsed: Duration) -> AnimationFrame<Frame>
}

/// Plays an `AnimationTimeline`: each frame is made on the rendering scheduler (where
/// compositing a frame costs the main thread nothing) and delivered in `frames` on the
/// main scheduler when it is due.
///
/// The timing does not drift: the next frame is asked for at the animation time where
/// the current one ends, and scheduled for the main-scheduler time that corresponds,
/// however long making a frame took (a late frame is skipped by the timeline, not
/// shown late forever after). Setting `isPlaying` to `false` freezes the animation on
/// the frame shown, and `true` resumes it from that moment: an animation that is not
/// visible costs no work. Disposing the clock (`stop()`, or dropping it) ends
/// everything it scheduled.
package final class AnimationClock<Frame> {
  /// The shortest time a frame shows: an animation claiming 0 ms per frame plays at 50
  /// frames per second, as browsers do, and never spins the main loop.
  nonisolated package static var minimumDelay: Duration { .milliseconds(20) }

  /// Each frame when it is due, on the main scheduler (the first at once when playing
  /// starts).
  package var frames: Signal<Frame, Never> { subject.signal }
  /// Whether the animation plays; `false` pauses it on the frame shown.
  package let isPlaying: MutableProperty<Bool>
  /// How far into the animation the clock is: the time of the frame last asked for
  /// while playing, the moment it paused while paused (where it resumes).
  package private(set) var position: Duration = .zero

  private let timeline: any AnimationTimeline<Frame>
  private let main: Scheduler
  private let rendering: Scheduler
  private let subject = PublishSubject<Frame, Never>()
  /// The frame being made on the rendering scheduler.
  private let inFlight = SerialDisposable()
  /// The timer for the next frame.
  private let timer = SerialDisposable()
  private let bag = DisposeBag()
  /// When playing last (re)started: the main-scheduler time, and the animation time.
  private var anchor: (time: Duration, position: Duration) = (.zero, .zero)

  /// A clock for `timeline`, timing on `main` and making frames on `rendering`. It
  /// starts when `isPlaying` is true (the default) and the first subscriber is there;
  /// call `start()` after subscribing to `frames`.
  package init(
    timeline: any AnimationTimeline<Frame>, main: Scheduler, rendering: Scheduler,
    isPlaying: Bool = true
  ) {
    self.timeline = timeline
    self.main = main
    self.rendering = rendering
    self.isPlaying = MutableProperty(isPlaying)
    bag.insert(inFlight)
    bag.insert(timer)
  }

  /// Begins following `isPlaying`: plays from the current position while it is true.
  package func start() {
    isPlaying.signal.distinctUntilChanged()
      .subscribe(next: { [weak self] playing in
        guard let self else { return }
        if playing { resume() } else { pause() }
      })
      .disposed(by: bag)
  }

  /// Stops for good: nothing more is scheduled or sent.
  package func stop() {
    bag.dispose()
    subject.sendCompleted()
  }

  private func resume() {
    anchor = (main.now, position)
    request(at: position)
  }

  private func pause() {
    timer.inner = nil
    inFlight.inner = nil
    // Frozen on the frame shown: resuming continues from here.
    position = anchor.position + max(.zero, main.now - anchor.time)
    anchor = (main.now, position)
  }

  /// Makes the frame at animation time `at` on the rendering scheduler, shows it on the
  /// main one, and schedules the next for when it ends.
  private func request(at target: Duration) {
    let timeline = timeline
    inFlight.inner = Signal<AnimationFrame<Frame>, Never> { observer, _ in
      observer.send(timeline.frame(at: target))
      observer.sendCompleted()
      return Disposables.empty
    }
    .start(on: rendering)
    .observe(on: main)
    .subscribe(next: { [weak self] frame in self?.show(frame, at: target) })
  }

  private func show(_ frame: AnimationFrame<Frame>, at target: Duration) {
    position = target
    subject.send(frame.frame)
    guard let remaining = frame.remaining else { return }  // Stays for good.
    let next = target + max(remaining, Self.minimumDelay)
    let due = anchor.time + (next - anchor.position)
    timer.inner = main.schedule(after: max(.zero, due - main.now)) { [weak self] in
      self?.request(at: next)
    }
  }
}
