import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("timeout")
  struct TimeoutTests {
    typealias R = Recorded<Int, TestError>
    static let timedOut = TestError("timed out")

    @Test("never: fails at the deadline and disposes the source")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let res = scheduler.start {
          xs.signal.timeout(.seconds(50), on: scheduler, error: Self.timedOut)
        }
        #expect(res.events == [.failed(250, Self.timedOut)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("empty: completion before the deadline passes through")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.completed(230)])
        let res = scheduler.start {
          xs.signal.timeout(.seconds(50), on: scheduler, error: Self.timedOut)
        }
        #expect(res.events == [.completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
      }
    }

    @Test("values pass through; the deadline is for the whole signal, not between values")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(240, 2), .next(260, 3), .completed(300),
        ])
        let res = scheduler.start {
          xs.signal.timeout(.seconds(50), on: scheduler, error: Self.timedOut)
        }
        #expect(res.events == [.next(210, 1), .next(240, 2), .failed(250, Self.timedOut)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("failure before the deadline passes through")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(220, TestError("boom"))])
        let res = scheduler.start {
          xs.signal.timeout(.seconds(50), on: scheduler, error: Self.timedOut)
        }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("disposing early cancels the deadline")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 230) {
          xs.signal.timeout(.seconds(50), on: scheduler, error: Self.timedOut)
        }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
      }
    }

    @Test("fallback: the source is disposed and the fallback continues")
    func fallback() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(260, 2)])
        let ys = scheduler.createColdSignal([R.next(10, 10), .completed(20)])
        let res = scheduler.start {
          xs.signal.timeout(.seconds(50), on: scheduler, fallback: ys.signal)
        }
        #expect(res.events == [.next(210, 1), .next(260, 10), .completed(270)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(250, 270)])
      }
    }

    @Test("fallback: not subscribed when the source finishes in time")
    func fallbackUnused() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .completed(240)])
        let ys = scheduler.createColdSignal([R.next(10, 10), .completed(20)])
        let res = scheduler.start {
          xs.signal.timeout(.seconds(50), on: scheduler, fallback: ys.signal)
        }
        #expect(res.events == [.next(210, 1), .completed(240)])
        #expect(ys.subscriptions == [])
      }
    }

    @Test("disposing after the switch disposes the fallback")
    func disposeFallback() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1)])
        let ys = scheduler.createColdSignal([R.next(10, 10), .next(100, 11)])
        let res = scheduler.start(disposed: 300) {
          xs.signal.timeout(.seconds(50), on: scheduler, fallback: ys.signal)
        }
        #expect(res.events == [.next(210, 1), .next(260, 10)])
        #expect(ys.subscriptions == [Subscription(250, 300)])
      }
    }
  }
}
