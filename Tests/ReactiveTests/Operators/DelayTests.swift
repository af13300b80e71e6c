import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("delay")
  struct DelayTests {
    typealias R = Recorded<Int, TestError>

    @Test("never: no events")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let res = scheduler.start { xs.signal.delay(.seconds(20), on: scheduler) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty: completion is delayed too")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1), .completed(300)])
        let res = scheduler.start { xs.signal.delay(.seconds(20), on: scheduler) }
        #expect(res.events == [.completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("values and completion are shifted by the interval, in order")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(215, 2), .next(250, 3), .completed(260),
        ])
        let res = scheduler.start { xs.signal.delay(.seconds(20), on: scheduler) }
        #expect(
          res.events == [.next(230, 1), .next(235, 2), .next(270, 3), .completed(280)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
      }
    }

    @Test("a fraction of a tick rounds the wait up, order kept")
    func fractionalInterval() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(211, 2), .completed(212)])
        let res = scheduler.start { xs.signal.delay(.milliseconds(1500), on: scheduler) }
        #expect(res.events == [.next(212, 1), .next(213, 2), .completed(214)])
      }
    }

    @Test("failure is not delayed and drops the waiting values")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(235, 2), .failed(240, TestError("boom")),
        ])
        let res = scheduler.start { xs.signal.delay(.seconds(20), on: scheduler) }
        #expect(res.events == [.next(230, 1), .failed(240, TestError("boom"))])
        #expect(xs.subscriptions == [Subscription(200, 240)])
      }
    }

    @Test("disposing early drops the waiting values")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(235, 2), .completed(300)])
        let res = scheduler.start(disposed: 240) {
          xs.signal.delay(.seconds(20), on: scheduler)
        }
        #expect(res.events == [.next(230, 1)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
      }
    }
  }
}
