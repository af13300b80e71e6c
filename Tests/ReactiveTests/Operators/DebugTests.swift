import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("debug")
  struct DebugTests {
    typealias R = Recorded<Int, TestError>

    final class Lines {
      var all: [String] = []
    }

    @Test("one line per step, with the identifier and the injected timestamp")
    func completion() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let lines = Lines()
        let xs = scheduler.createHotSignal([R.next(210, 1), .completed(300)])
        _ = scheduler.start {
          xs.signal.debug(
            "xs", timestamp: { "\(scheduler.clock)" }, output: { lines.all.append($0) })
        }
        #expect(
          lines.all == [
            "200 [xs] subscribed", "210 [xs] next(1)", "300 [xs] completed",
            "300 [xs] disposed",
          ])
      }
    }

    @Test("failures and disposal are logged; events pass through unchanged")
    func failureAndDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let lines = Lines()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(250, TestError("boom"))])
        let res = scheduler.start {
          xs.signal.debug(
            "xs", timestamp: { "\(scheduler.clock)" }, output: { lines.all.append($0) })
        }
        #expect(res.events == [.next(210, 1), .failed(250, TestError("boom"))])
        #expect(lines.all.suffix(2) == ["250 [xs] failed(boom)", "250 [xs] disposed"])
        lines.all = []
        let ys = scheduler.createHotSignal([R.next(1210, 1)])
        _ = scheduler.start(created: 1000, subscribed: 1200, disposed: 1230) {
          ys.signal.debug(
            "ys", timestamp: { "\(scheduler.clock)" }, output: { lines.all.append($0) })
        }
        #expect(lines.all == ["1200 [ys] subscribed", "1210 [ys] next(1)", "1230 [ys] disposed"])
      }
    }

    @Test("the default identifier is the call site; the default timestamp is ISO 8601")
    func defaults() {
      expectNoLeaks {
        let lines = Lines()
        Signal<Int, Never>.just(1).debug(output: { lines.all.append($0) }).subscribe()
        #expect(lines.all.count == 4)
        #expect(lines.all[0].contains("[ReactiveTests/DebugTests.swift:"))
        #expect(lines.all[0].hasSuffix("] subscribed"))
        let stamp = DebugTimestamp.wallClock()
        #expect(stamp.count == 24 && stamp.hasSuffix("Z") && stamp.contains("T"))
      }
    }
  }
}
