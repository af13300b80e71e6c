// A drag over the viewer: it pans a zoomed image and flings it on release, or swipes to page.

/// One pointer drag over the viewer, from the press to the release: what it pans, how
/// fast it was moving, and what its release does. Pure arithmetic; the viewer feeds it
/// the pointer's positions and times and acts on its answers.
package nonisolated struct Drag: Sendable {
  /// How much the newest motion sample weighs in the speed (the rest is the speed so
  /// far): a smoothed speed, so that one jittery last sample does not decide the fling.
  package static let smoothing = 0.6
  /// The longest pause between the last motion and the release for the image to fling:
  /// a drag that stopped before its release stays where it is.
  package static let flingWindow = Duration.milliseconds(80)
  /// The slowest release, in view pixels per second, that flings.
  package static let flingMinimumSpeed = 150.0
  /// How far a fitted image must be pulled sideways, in view pixels, to page.
  package static let swipeDistance = 80.0

  /// Where the drag began, in view coordinates.
  package let start: (x: Double, y: Double)
  /// Where the pointer last was, and when.
  package private(set) var last: (x: Double, y: Double, time: ContinuousClock.Instant)
  /// The smoothed speed, in view pixels per second.
  package private(set) var velocity = (x: 0.0, y: 0.0)

  /// A drag pressed at `point` at `time`.
  package init(at point: (x: Double, y: Double), time: ContinuousClock.Instant) {
    start = point
    last = (point.x, point.y, time)
  }

  /// The pointer moved to `point` at `time`: returns how far it moved since the last
  /// position (what a zoomed image pans by), and updates the speed.
  package mutating func move(
    to point: (x: Double, y: Double), at time: ContinuousClock.Instant
  ) -> (dx: Double, dy: Double) {
    let elapsed = time - last.time
    let seconds = max(
      0.001, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    let dx = point.x - last.x
    let dy = point.y - last.y
    let newest = Self.smoothing
    velocity = (
      newest * dx / seconds + (1 - newest) * velocity.x,
      newest * dy / seconds + (1 - newest) * velocity.y
    )
    last = (point.x, point.y, time)
    return (dx, dy)
  }

  /// The fling a zoomed image makes when the drag is released at `time`: the speed it
  /// was moving at, if it was still moving (its last motion within `flingWindow`) fast
  /// enough (`flingMinimumSpeed`); else `nil`.
  package func fling(releasedAt time: ContinuousClock.Instant) -> Fling? {
    guard time - last.time < Self.flingWindow,
      (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() > Self.flingMinimumSpeed
    else { return nil }
    return Fling(velocity: velocity)
  }

  /// How many images a release at `point` over a fitted image pages: a mostly
  /// horizontal pull (sideways more than `swipeDistance`, and more than twice as far as
  /// up or down) brings the next image when pulled towards where the images came from
  /// (the left, or the right in a right-to-left layout), else the previous one; `0`
  /// when it is no swipe.
  package func swipe(releasedAt point: (x: Double, y: Double), rightToLeft: Bool) -> Int {
    let dx = point.x - start.x
    guard abs(dx) > Self.swipeDistance, abs(dx) > abs(point.y - start.y) * 2 else { return 0 }
    return (dx < 0) != rightToLeft ? 1 : -1
  }
}

/// A zoomed image gliding on after a drag, slowing down by friction each frame.
package nonisolated struct Fling: Sendable {
  /// The share of its speed the image keeps from one frame to the next.
  package static let friction = 0.92
  /// The speed, in view pixels per second, below which the glide stops.
  package static let stopSpeed = 20.0
  /// The time one frame stands for, in seconds.
  package static let frame = 1.0 / 60

  /// The speed now, in view pixels per second.
  package private(set) var velocity: (x: Double, y: Double)

  /// A glide starting at `velocity`.
  package init(velocity: (x: Double, y: Double)) {
    self.velocity = velocity
  }

  /// The next frame: slows down, and returns how far the image moves in it.
  package mutating func step() -> (dx: Double, dy: Double) {
    velocity = (velocity.x * Self.friction, velocity.y * Self.friction)
    return (velocity.x * Self.frame, velocity.y * Self.frame)
  }

  /// Whether the glide has slowed down enough to stop.
  package var isDone: Bool {
    (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() < Self.stopSpeed
  }
}
