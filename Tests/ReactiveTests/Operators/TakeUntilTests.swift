import Reactive
import ReactiveTesting
import Testing

private typealias R = Recorded<Int, TestError>

extension ReactiveTests {
  @Suite("take(until:)")
  struct TakeUntilTests {
    @Test("never: no events while neither sends")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let trigger = scheduler.createHotSignal([Recorded<String, TestError>.next(150, "t")])
        let res = scheduler.start { xs.signal.take(until: trigger.signal) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(trigger.subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty: the source completing completes and unsubscribes the trigger")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.completed(230)])
        let trigger = scheduler.createHotSignal([R.next(250, 1)])
        let res = scheduler.start { xs.signal.take(until: trigger.signal) }
        #expect(res.events == [.completed(230)])
        #expect(trigger.subscriptions == [Subscription(200, 230)])
      }
    }

    @Test("values until the trigger's first value, then completion")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([.next(210, 1), .next(220, 2), R.next(240, 3)])
        let trigger = scheduler.createHotSignal([R.next(230, 0), R.next(235, 0)])
        let res = scheduler.start { xs.signal.take(until: trigger.signal) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(trigger.subscriptions == [Subscription(200, 230)])
      }
    }

    @Test("a trigger completing without a value also completes (a lifetime ended)")
    func triggerCompletes() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([.next(210, 1), R.next(240, 3)])
        let trigger = scheduler.createHotSignal([Recorded<Void, TestError>.completed(230)])
        let res = scheduler.start { xs.signal.take(until: trigger.signal) }
        #expect(res.events == [.next(210, 1), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
      }
    }

    @Test("a failure of the source or the trigger fails", arguments: [0, 1])
    func failure(failing: Int) {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal(
          failing == 0 ? [R.next(210, 1), R.failed(230, TestError("x"))] : [R.next(210, 1)])
        let trigger = scheduler.createHotSignal(
          failing == 1 ? [R.failed(230, TestError("x"))] : [R]())
        let res = scheduler.start { xs.signal.take(until: trigger.signal) }
        #expect(res.events == [.next(210, 1), .failed(230, TestError("x"))])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(trigger.subscriptions == [Subscription(200, 230)])
      }
    }

    @Test("disposing early unsubscribes both")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), R.next(260, 2)])
        let trigger = scheduler.createHotSignal([R.next(300, 0)])
        let res = scheduler.start(disposed: 250) { xs.signal.take(until: trigger.signal) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(trigger.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("a trigger that fires at once means the source is never subscribed")
    func immediateTrigger() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([R.next(210, 1)]) {
          $0.take(until: Signal<Int, TestError>.just(0))
        }
        #expect(events == [.completed(200)])
        #expect(subscriptions == [])
      }
    }
  }
}
