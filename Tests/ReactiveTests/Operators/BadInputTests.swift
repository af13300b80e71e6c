import Foundation
import Reactive
import ReactiveTesting
import Testing

/// Whether `output` (a process's standard error) contains `message`.
private func mentions(_ output: [UInt8]?, _ message: String) -> Bool {
  String(decoding: output ?? [], as: UTF8.self).contains(message)
}

extension ReactiveTests {
  /// Arguments no operator can honour stop the process with a message that names the
  /// operator and the argument; each case runs in a child process (an exit test).
  @Suite("Bad input: a precondition message, never a hang")
  struct BadInputTests {
    @Test("window(timeSpan:count:): a count or time span that is not positive")
    func windowTimeCount() async {
      let count = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Signal<Int, Never>.never().window(timeSpan: .seconds(1), count: 0, on: TestScheduler())
      }
      #expect(
        mentions(count?.standardErrorContent, "window(timeSpan:count:): count must be positive"))
      let span = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Signal<Int, Never>.never().window(timeSpan: .zero, count: 2, on: TestScheduler())
      }
      #expect(
        mentions(
          span?.standardErrorContent, "window(timeSpan:count:): the time span must be positive"))
    }

    @Test("counts that must not be negative: take, share(replay:), repeat on a scheduler")
    func negativeCounts() async {
      let take = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Signal<Int, Never>.never().take(-1)
      }
      #expect(mentions(take?.standardErrorContent, "take: count must not be negative"))
      let share = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Signal<Int, Never>.never().share(replay: -1, scope: .forever)
      }
      #expect(
        mentions(share?.standardErrorContent, "share(replay:): bufferSize must not be negative"))
      let repeated = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        _ = Signal<Int, Never>.repeat(1, count: -1, on: TestScheduler())
      }
      #expect(mentions(repeated?.standardErrorContent, "Signal.repeat: count must not be negative"))
    }

    @Test("periods that must be positive: a failable interval, the concurrent scheduler's repeat")
    func periods() async {
      let interval = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        _ = Signal<Int, TestError>.interval(.zero, on: TestScheduler())
      }
      #expect(
        mentions(interval?.standardErrorContent, "Signal.interval: the period must be positive"))
      let repeating = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        ConcurrentQueueScheduler().schedule(after: .zero, interval: .zero) {}
      }
      #expect(
        mentions(
          repeating?.standardErrorContent,
          "ConcurrentQueueScheduler: a repeating interval must be positive"))
    }
  }
}
