import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("throttle(_:latest: false)")
  struct ThrottleLatestTests {
    typealias R = Recorded<Int, TestError>

    @Test("never: no events; empty: completes at once")
    func neverAndEmpty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let never = scheduler.start {
          xs.signal.throttle(.seconds(20), latest: false, on: scheduler)
        }
        #expect(never.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        let ys = scheduler.createHotSignal([R.completed(1300)])
        let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          ys.signal.throttle(.seconds(20), latest: false, on: scheduler)
        }
        #expect(empty.events == [.completed(1300)])
      }
    }

    @Test("values: a value passes only when no window is open; nothing at a window's end")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(215, 2), .next(220, 3), .next(235, 4), .next(260, 5),
          .next(320, 6), .completed(400),
        ])
        let res = scheduler.start { xs.signal.throttle(.seconds(20), latest: false, on: scheduler) }
        #expect(
          res.events == [
            .next(210, 1), .next(235, 4), .next(260, 5), .next(320, 6), .completed(400),
          ])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("completion and failure are sent at once; nothing is pending to flush")
    func terminals() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(215, 2), .completed(220)])
        let completed = scheduler.start {
          xs.signal.throttle(.seconds(20), latest: false, on: scheduler)
        }
        #expect(completed.events == [.next(210, 1), .completed(220)])
        let ys = scheduler.createHotSignal([
          R.next(1210, 1), .next(1215, 2), .failed(1220, TestError("boom")),
        ])
        let failed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          ys.signal.throttle(.seconds(20), latest: false, on: scheduler)
        }
        #expect(failed.events == [.next(1210, 1), .failed(1220, TestError("boom"))])
        #expect(ys.subscriptions == [Subscription(1200, 1220)])
      }
    }

    @Test("disposing early unsubscribes and cancels the window")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(260, 2)])
        let res = scheduler.start(disposed: 220) {
          xs.signal.throttle(.seconds(20), latest: false, on: scheduler)
        }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(!scheduler.hasPendingActions)
      }
    }
  }
}
