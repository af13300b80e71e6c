import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("sample(_:defaultValue:)")
  struct SampleDefaultTests {
    typealias R = Recorded<Int, TestError>
    typealias T = Recorded<Void, TestError>

    @Test("never: the default at every trigger; empty source completes")
    func neverAndEmpty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let ticks = scheduler.createHotSignal([T.next(210, ()), .next(220, ())])
        let never = scheduler.start { xs.signal.sample(ticks.signal, defaultValue: -1) }
        #expect(never.events == [.next(210, -1), .next(220, -1)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        let ys = scheduler.createHotSignal([R.completed(1250)])
        let moreTicks = scheduler.createHotSignal([T.next(1230, ())])
        let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          ys.signal.sample(moreTicks.signal, defaultValue: -1)
        }
        #expect(empty.events == [.next(1230, -1), .completed(1250)])
        #expect(moreTicks.subscriptions == [Subscription(1200, 1250)])
      }
    }

    @Test("values: the new value if one arrived since the last sample, else the default")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(205, 1), .next(215, 2), .next(235, 3), .completed(300),
        ])
        let ticks = scheduler.createHotSignal([
          T.next(210, ()), .next(220, ()), .next(230, ()), .next(240, ()), .completed(260),
        ])
        let res = scheduler.start { xs.signal.sample(ticks.signal, defaultValue: 0) }
        #expect(
          res.events == [
            .next(210, 1), .next(220, 2), .next(230, 0), .next(240, 3), .completed(260),
          ])
        #expect(xs.subscriptions == [Subscription(200, 260)])
      }
    }

    @Test("a failure of either fails; disposing unsubscribes both")
    func failureAndDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(205, 1)])
        let ticks = scheduler.createHotSignal([T.next(210, ()), .failed(220, TestError("t"))])
        let failed = scheduler.start { xs.signal.sample(ticks.signal, defaultValue: 0) }
        #expect(failed.events == [.next(210, 1), .failed(220, TestError("t"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        let ys = scheduler.createHotSignal([R.next(1205, 1)])
        let moreTicks = scheduler.createHotSignal([T.next(1210, ()), .next(1260, ())])
        let disposed = scheduler.start(created: 1100, subscribed: 1200, disposed: 1250) {
          ys.signal.sample(moreTicks.signal, defaultValue: 0)
        }
        #expect(disposed.events == [.next(1210, 1)])
        #expect(ys.subscriptions == [Subscription(1200, 1250)])
        #expect(moreTicks.subscriptions == [Subscription(1200, 1250)])
      }
    }
  }
}
