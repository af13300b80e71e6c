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

    @Test("zero and negative delays mean the scheduler's next turn, not a stop or a hang")
    func zeroDelays() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          Recorded<Int, TestError>.next(210, 1), .next(220, 2), .completed(300),
        ])
        let delayed = scheduler.start { xs.signal.delay(.seconds(-3), on: scheduler) }
        #expect(delayed.events == [.next(210, 1), .next(220, 2), .completed(300)])
        let ys = scheduler.createHotSignal([
          Recorded<Int, TestError>.next(1210, 1), .next(1220, 2), .completed(1300),
        ])
        let debounced = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          ys.signal.debounce(.zero, on: scheduler)
        }
        #expect(debounced.events == [.next(1210, 1), .next(1220, 2), .completed(1300)])
        let zs = scheduler.createHotSignal([
          Recorded<Int, TestError>.next(2210, 1), .next(2220, 2), .completed(2300),
        ])
        let throttled = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
          zs.signal.throttle(.zero, on: scheduler)
        }
        #expect(throttled.events == [.next(2210, 1), .next(2220, 2), .completed(2300)])
        let timer = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
          Signal.timer(.seconds(-5), on: scheduler)
        }
        #expect(timer.events == [.next(3200, 0), .completed(3200)])
        let timedOut = scheduler.start(created: 4100, subscribed: 4200, disposed: 5000) {
          Signal<Int, TestError>.never().timeout(.zero, on: scheduler, error: TestError("t"))
        }
        #expect(timedOut.events == [.failed(4200, TestError("t"))])
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("empty collections: combineLatest sends one empty array; the others complete")
    func emptyCollections() {
      expectNoLeaks {
        let none: [Signal<Int, TestError>] = []
        func events<V>(_ signal: Signal<V, TestError>) -> [Event<V, TestError>] {
          var events: [Event<V, TestError>] = []
          signal.subscribe(Observer { events.append($0) })
          return events
        }
        #expect(events(Signal.combineLatest(none)) == [.next([]), .completed])
        #expect(events(Signal.zip(none)) == [.completed])
        #expect(events(Signal.merge(none)) == [.completed])
        #expect(events(Signal.concat(none)) == [.completed])
        #expect(events(Signal.amb(none)) == [.completed])
        #expect(events(Signal.catch(sequence: none)) == [.completed])
      }
    }

    @Test("zero counts: take(0), skip(0), retry(0), takeLast(0), repeat(count: 0)")
    func zeroCounts() {
      expectNoLeaks {
        var subscribed = 0
        let source = Signal<Int, TestError>.deferred {
          subscribed += 1
          return .from([1, 2])
        }
        func events(_ signal: Signal<Int, TestError>) -> [Event<Int, TestError>] {
          var events: [Event<Int, TestError>] = []
          signal.subscribe(Observer { events.append($0) })
          return events
        }
        #expect(events(source.take(0)) == [.completed])
        #expect(subscribed == 0)
        #expect(events(source.skip(0)) == [.next(1), .next(2), .completed])
        #expect(events(source.retry(0)) == [.next(1), .next(2), .completed])
        #expect(events(source.takeLast(0)) == [.completed])
        #expect(events(.repeat(1, count: 0)) == [.completed])
      }
    }
  }
}
