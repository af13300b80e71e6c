import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("timeout(betweenValues:)")
  struct TimeoutBetweenValuesTests {
    typealias R = Recorded<Int, TestError>
    static let timedOut = TestError("timed out")

    @Test("never: fails a deadline after the subscription and disposes the source")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let res = scheduler.start {
          xs.signal.timeout(betweenValues: .seconds(50), on: scheduler, error: Self.timedOut)
        }
        #expect(res.events == [.failed(250, Self.timedOut)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("empty: completion in time passes through and cancels the deadline")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.completed(230)])
        let res = scheduler.start {
          xs.signal.timeout(betweenValues: .seconds(50), on: scheduler, error: Self.timedOut)
        }
        #expect(res.events == [.completed(230)])
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("values: each value moves the deadline; a gap longer than it times out")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(240, 1), .next(280, 2), .next(320, 3), .next(400, 4), .completed(500),
        ])
        let res = scheduler.start {
          xs.signal.timeout(betweenValues: .seconds(50), on: scheduler, error: Self.timedOut)
        }
        // The whole-signal timeout would have failed at 250.
        #expect(
          res.events == [.next(240, 1), .next(280, 2), .next(320, 3), .failed(370, Self.timedOut)])
        #expect(xs.subscriptions == [Subscription(200, 370)])
      }
    }

    @Test("failure in time passes through; disposing early cancels the deadline")
    func failureAndDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(240, TestError("boom"))])
        let failed = scheduler.start {
          xs.signal.timeout(betweenValues: .seconds(50), on: scheduler, error: Self.timedOut)
        }
        #expect(failed.events == [.next(210, 1), .failed(240, TestError("boom"))])
        let ys = scheduler.createHotSignal([R.next(1210, 1)])
        let disposed = scheduler.start(created: 1100, subscribed: 1200, disposed: 1230) {
          ys.signal.timeout(betweenValues: .seconds(50), on: scheduler, error: Self.timedOut)
        }
        #expect(disposed.events == [.next(1210, 1)])
        #expect(ys.subscriptions == [Subscription(1200, 1230)])
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("fallback: the source is disposed at the missed deadline, the fallback continues")
    func fallback() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(220, 1), .next(300, 2)])
        let ys = scheduler.createColdSignal([R.next(10, 10), .completed(20)])
        let res = scheduler.start {
          xs.signal.timeout(betweenValues: .seconds(50), on: scheduler, fallback: ys.signal)
        }
        #expect(res.events == [.next(220, 1), .next(280, 10), .completed(290)])
        #expect(xs.subscriptions == [Subscription(200, 270)])
        #expect(ys.subscriptions == [Subscription(270, 290)])
      }
    }
  }
}
