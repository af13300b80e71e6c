// Playing animations: frames when due, looping, pausing in place, no drift, nothing left behind.
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

/// An animation of frames numbered from 0, each shown for its delay, looping or not.
final class FakeTimeline: AnimationTimeline, Sendable {
  let delays: [Duration]
  let loops: Bool

  init(delays: [Duration], loops: Bool = true) {
    self.delays = delays
    self.loops = loops
  }

  func frame(at elapsed: Duration) -> AnimationFrame<Int> {
    let total = delays.reduce(.zero, +)
    var time = loops ? elapsed - total * Int(elapsed / total) : elapsed
    for (index, delay) in delays.enumerated() {
      if time < delay { return AnimationFrame(frame: index, remaining: delay - time) }
      time -= delay
    }
    return AnimationFrame(frame: delays.count - 1, remaining: nil)
  }
}

/// Runs everything on `base`, `lag` late: a renderer that takes that long per frame.
final class LaggingScheduler: Scheduler, @unchecked Sendable {
  let base: TestScheduler
  let lag: Duration

  init(_ base: TestScheduler, lag: Duration) {
    self.base = base
    self.lag = lag
  }

  var now: Duration { base.now }

  func schedule(_ action: @escaping () -> Void) -> Disposable {
    base.schedule(after: lag, action)
  }

  func schedule(after delay: Duration, _ action: @escaping () -> Void) -> Disposable {
    base.schedule(after: delay + lag, action)
  }
}

extension ImageBrowserCoreTests {
  @Suite("Animation clock")
  @MainActor
  struct AnimationClockTests {
    /// 100, 200 and 300 ms: 1, 2 and 3 ticks.
    static let delays: [Duration] = [.milliseconds(100), .milliseconds(200), .milliseconds(300)]

    @Test("shows each frame for its own delay and loops")
    func playsAndLoops() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let clock = AnimationClock(
          timeline: FakeTimeline(delays: Self.delays), main: main, rendering: main)
        let observer = TestableObserver<Int, Never>(scheduler: main)
        let subscription = clock.frames.subscribe(observer.observer)
        clock.start()
        main.advance(to: 13)
        #expect(
          observer.events == [
            .next(0, 0), .next(1, 1), .next(3, 2), .next(6, 0), .next(7, 1), .next(9, 2),
            .next(12, 0), .next(13, 1),
          ])
        subscription.dispose()
        clock.stop()
        #expect(!main.hasPendingActions)
      }
    }

    @Test("paused, it shows nothing new; resumed, the frame shown gets the rest of its time")
    func pausesInPlace() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let clock = AnimationClock(
          timeline: FakeTimeline(delays: Self.delays), main: main, rendering: main)
        let observer = TestableObserver<Int, Never>(scheduler: main)
        let subscription = clock.frames.subscribe(observer.observer)
        clock.start()
        main.advance(to: 2)  // Frame 1 shows from 1 to 3.
        clock.isPlaying.value = false
        #expect(!main.hasPendingActions, "a paused animation schedules nothing")
        main.advance(to: 50)
        clock.isPlaying.value = true
        main.advance(to: 55)
        #expect(
          observer.events == [
            .next(0, 0), .next(1, 1), .next(50, 1), .next(51, 2), .next(54, 0), .next(55, 1),
          ])
        subscription.dispose()
        clock.stop()
      }
    }

    @Test("a frame that is slow to make does not delay the ones after it")
    func noDrift() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let rendering = LaggingScheduler(main, lag: .milliseconds(100))
        let clock = AnimationClock(
          timeline: FakeTimeline(delays: Self.delays), main: main, rendering: rendering)
        let observer = TestableObserver<Int, Never>(scheduler: main)
        let subscription = clock.frames.subscribe(observer.observer)
        clock.start()
        // Every frame takes one tick to make, so each arrives one tick late; the next
        // is still asked for when the late one ends on the animation's own clock, so
        // the lateness never adds up.
        main.advance(to: 10)
        #expect(
          observer.events == [
            .next(1, 0), .next(2, 1), .next(4, 2), .next(7, 0), .next(8, 1), .next(10, 2),
          ])
        subscription.dispose()
        clock.stop()
      }
    }

    @Test("an animation that does not loop stops on its last frame")
    func endsOnLastFrame() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let clock = AnimationClock(
          timeline: FakeTimeline(delays: Self.delays, loops: false), main: main, rendering: main)
        let observer = TestableObserver<Int, Never>(scheduler: main)
        let subscription = clock.frames.subscribe(observer.observer)
        clock.start()
        main.advance(to: 100)
        #expect(observer.events == [.next(0, 0), .next(1, 1), .next(3, 2), .next(6, 2)])
        #expect(!main.hasPendingActions)
        subscription.dispose()
        clock.stop()
      }
    }

    @Test("stopping completes the frames and cancels the next one")
    func stops() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let clock = AnimationClock(
          timeline: FakeTimeline(delays: Self.delays), main: main, rendering: main)
        let observer = TestableObserver<Int, Never>(scheduler: main)
        let subscription = clock.frames.subscribe(observer.observer)
        clock.start()
        main.advance(to: 1)
        clock.stop()
        main.advance(to: 20)
        #expect(observer.events == [.next(0, 0), .next(1, 1), .completed(1)])
        subscription.dispose()
      }
    }
  }
}
