// Virtual clocks for the image browser's headless tests, and the leak check they share.
import Reactive
import ReactiveTesting
import Testing

/// The virtual clocks of one test. Make every `TestScheduler` a test uses here, so that
/// the leak check can run what is left on them first.
@MainActor
final class TestSchedulers {
  private var made: [TestScheduler] = []

  /// A new scheduler of 100 ms ticks (or `tick`): the 300 ms debounce is 3 ticks, the
  /// 3 s slideshow period 30.
  func make(tick: Duration = .milliseconds(100)) -> TestScheduler {
    let scheduler = TestScheduler(tickDuration: tick)
    made.append(scheduler)
    return scheduler
  }

  /// Runs everything still waiting, as a real main loop would after the test's objects
  /// are gone: disposing a `subscribe(on:)` schedules the upstream disposal, and a
  /// waiting action keeps what it captured alive until it runs.
  func drain() {
    while made.contains(where: \.hasPendingActions) {
      for scheduler in made { scheduler.run() }
    }
  }
}

/// Runs `body` with fresh test schedulers, drains them once `body` (and everything it
/// made) is gone, and expects every library object made meanwhile to be released (only
/// those: the count is this call's own, whatever runs beside it).
@MainActor
func expectNoLeaks(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (TestSchedulers) throws -> Void
) rethrows {
  let leaked = try LiveObjectCount.leaks {
    let schedulers = TestSchedulers()
    try body(schedulers)
    schedulers.drain()
  }
  #expect(leaked == 0, "live library objects leaked", sourceLocation: sourceLocation)
}
