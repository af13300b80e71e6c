import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("delaySubscription")
  struct DelaySubscriptionTests {
    typealias R = Recorded<Int, TestError>

    @Test("subscribes after the delay; events are not delayed after that")
    func delayed() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([R.next(10, 1), .completed(20)])
        let res = scheduler.start { xs.signal.delaySubscription(.seconds(30), on: scheduler) }
        #expect(res.events == [.next(240, 1), .completed(250)])
        #expect(xs.subscriptions == [Subscription(230, 250)])
      }
    }

    @Test("failures pass through")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([R.failed(10, TestError("boom"))])
        let res = scheduler.start { xs.signal.delaySubscription(.seconds(30), on: scheduler) }
        #expect(res.events == [.failed(240, TestError("boom"))])
      }
    }

    @Test("disposing before the delay never subscribes; after it, unsubscribes")
    func dispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([R.next(10, 1), .completed(100)])
        let early = scheduler.start(disposed: 220) {
          xs.signal.delaySubscription(.seconds(30), on: scheduler)
        }
        #expect(early.events == [])
        #expect(xs.subscriptions == [])
        #expect(!scheduler.hasPendingActions)
        let late = scheduler.start(created: 1000, subscribed: 1100, disposed: 1150) {
          xs.signal.delaySubscription(.seconds(30), on: scheduler)
        }
        #expect(late.events == [.next(1140, 1)])
        #expect(xs.subscriptions == [Subscription(1130, 1150)])
      }
    }
  }
}
