// Which frame of an animation shows at a given time, from its frame durations and loop count.

/// The timing of an animation as its file states it: each frame's duration and how many
/// times it plays. Answers which frame shows `elapsed` after the start and exactly how
/// much longer it stays, for an `AnimationTimeline` whose decoder does not keep time
/// itself (libwebp's animation decoder gives frames in order, not by time).
///
/// A frame shorter than `AnimationClock.minimumDelay` (20 ms) counts as that long, so
/// the clock, which never shows a frame for less, skips none and a file of 0 ms frames
/// still has a length.
package nonisolated struct FrameSchedule: Equatable, Sendable {
  /// Where a time falls.
  package struct Position: Equatable, Sendable {
    /// The frame shown, from 0.
    package let frame: Int
    /// How much longer it shows; `nil` when it stays for good (the last frame of the
    /// last loop).
    package let remaining: Duration?
  }

  /// Each frame's duration, at least the minimum.
  package let durations: [Duration]
  /// How many times the animation plays; 0 repeats forever.
  package let loopCount: Int
  /// One pass through every frame.
  package let loopDuration: Duration
  /// When each frame ends within a pass (the running sum of `durations`).
  private let ends: [Duration]

  /// The schedule of frames lasting `durations` (as the file says; shorter than the
  /// minimum counts as the minimum), played `loopCount` times (0: forever). An empty
  /// list is one frame that stays.
  package init(durations: [Duration], loopCount: Int) {
    let minimum = AnimationClock<Void>.minimumDelay
    let clamped = durations.isEmpty ? [minimum] : durations.map { max($0, minimum) }
    self.durations = clamped
    self.loopCount = max(0, loopCount)
    var running = Duration.zero
    ends = clamped.map { duration in
      running += duration
      return running
    }
    loopDuration = running
  }

  /// The frame shown `elapsed` after the animation started, and how long it stays.
  package func position(at elapsed: Duration) -> Position {
    let time = max(.zero, elapsed)
    let loop = Int(time / loopDuration)
    if loopCount > 0, loop >= loopCount {
      return Position(frame: durations.count - 1, remaining: nil)
    }
    let within = time - loopDuration * loop
    // The first frame ending after `within` (binary search: 200-frame files are common).
    var low = 0
    var high = ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] > within { high = middle } else { low = middle + 1 }
    }
    let isLastShown = loopCount > 0 && loop == loopCount - 1 && low == ends.count - 1
    return Position(frame: low, remaining: isLastShown ? nil : ends[low] - within)
  }
}
