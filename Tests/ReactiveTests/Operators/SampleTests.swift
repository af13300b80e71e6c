import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("sample, skip(until:)")
  struct SampleTests {
    typealias R = Recorded<Int, TestError>
    typealias T = Recorded<Void, TestError>

    @Test("sample: the latest new value at each trigger; a trigger with nothing new sends nothing")
    func sample() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(220, 2), .next(250, 3), .next(280, 4), .completed(400),
        ])
        let trigger = scheduler.createHotSignal([
          T.next(230, ()), .next(240, ()), .next(260, ()), .completed(500),
        ])
        let res = scheduler.start { xs.signal.sample(trigger.signal) }
        #expect(res.events == [.next(230, 2), .next(260, 3), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(trigger.subscriptions == [Subscription(200, 400)])
      }
    }

    @Test("sample: the trigger completing completes the result")
    func sampleTriggerCompletes() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(320, 2)])
        let trigger = scheduler.createHotSignal([T.next(230, ()), .completed(300)])
        let res = scheduler.start { xs.signal.sample(trigger.signal) }
        #expect(res.events == [.next(230, 1), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("sample: a failure of either fails the result")
    func sampleFailure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(250, TestError("x"))])
        let trigger = scheduler.createHotSignal([T.next(230, ()), .failed(240, TestError("t"))])
        let res = scheduler.start { xs.signal.sample(trigger.signal) }
        #expect(res.events == [.next(230, 1), .failed(240, TestError("t"))])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(trigger.subscriptions == [Subscription(200, 240)])
      }
    }

    @Test("sample: disposing unsubscribes both")
    func sampleDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(250, 2)])
        let trigger = scheduler.createHotSignal([T.next(230, ()), .next(260, ())])
        let res = scheduler.start(disposed: 245) { xs.signal.sample(trigger.signal) }
        #expect(res.events == [.next(230, 1)])
        #expect(xs.subscriptions == [Subscription(200, 245)])
        #expect(trigger.subscriptions == [Subscription(200, 245)])
      }
    }

    @Test("skip(until:): values pass once the trigger sent; the trigger is then dropped")
    func skipUntil() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(230, 2), .next(250, 3), .completed(300),
        ])
        let trigger = scheduler.createHotSignal([R.next(225, 0), .next(260, 1)])
        let res = scheduler.start { xs.signal.skip(until: trigger.signal) }
        #expect(res.events == [.next(230, 2), .next(250, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(trigger.subscriptions == [Subscription(200, 225)])
      }
    }

    @Test("skip(until:): a trigger completing empty keeps the gate closed")
    func skipUntilTriggerEmpty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(230, 2), .completed(300)])
        let trigger = scheduler.createHotSignal([R.completed(220)])
        let res = scheduler.start { xs.signal.skip(until: trigger.signal) }
        #expect(res.events == [.completed(300)])
        #expect(trigger.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("skip(until:): a failure of either fails the result, even before the gate opens")
    func skipUntilFailure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(250, TestError("x"))])
        let trigger = scheduler.createHotSignal([R.failed(220, TestError("t"))])
        let res = scheduler.start { xs.signal.skip(until: trigger.signal) }
        #expect(res.events == [.failed(220, TestError("t"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        let xs2 = scheduler.createHotSignal([R.failed(1010, TestError("x"))])
        let trigger2 = scheduler.createHotSignal([R.next(1100, 0)])
        let res2 = scheduler.start(created: 1000, subscribed: 1005, disposed: 2000) {
          xs2.signal.skip(until: trigger2.signal)
        }
        #expect(res2.events == [.failed(1010, TestError("x"))])
        #expect(trigger2.subscriptions == [Subscription(1005, 1010)])
      }
    }

    @Test("skip(until:): a trigger that fires at once opens the gate for synchronous values")
    func skipUntilSynchronous() {
      expectNoLeaks {
        var values: [Int] = []
        Signal<Int, Never>.from(1...3).skip(until: Signal<Int, Never>.just(0))
          .subscribe(next: { values.append($0) })
        #expect(values == [1, 2, 3])
      }
    }

    @Test("skip(until:): disposing unsubscribes both")
    func skipUntilDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(230, 1)])
        let trigger = scheduler.createHotSignal([R.next(260, 0)])
        let res = scheduler.start(disposed: 240) { xs.signal.skip(until: trigger.signal) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(trigger.subscriptions == [Subscription(200, 240)])
      }
    }
  }
}
