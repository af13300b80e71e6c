import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("Hot test signals")
  struct HotSignalTests {
    typealias R = Recorded<Int, TestError>

    @Test("by default a terminal event ends the signal: later subscribers get it at once")
    func endsSignal() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .completed(250), .next(260, 2)])
        let early = scheduler.start(disposed: 240) { xs.signal }
        let late = scheduler.start(created: 300, subscribed: 300, disposed: 400) { xs.signal }
        #expect(early.events == [.next(210, 1)])
        #expect(late.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 240), Subscription(300, 300)])
      }
    }

    @Test(".endsSubscriptions: the end reaches the subscribers of its time only, as in RxTest")
    func endsSubscriptions() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal(
          [R.next(210, 1), .completed(250), .next(260, 2), .failed(270, TestError("x"))],
          terminal: .endsSubscriptions)
        let a = scheduler.createObserver(Int.self, TestError.self)
        let b = scheduler.createObserver(Int.self, TestError.self)
        let c = scheduler.createObserver(Int.self, TestError.self)
        scheduler.schedule(at: 200) { xs.signal.subscribe(a.observer) }
        scheduler.schedule(at: 255) { xs.signal.subscribe(b.observer) }
        var subscriptionC: Disposable?
        scheduler.schedule(at: 300) { subscriptionC = xs.signal.subscribe(c.observer) }
        scheduler.run()
        #expect(a.events == [.next(210, 1), .completed(250)])
        #expect(b.events == [.next(260, 2), .failed(270, TestError("x"))])
        #expect(c.events == [])
        #expect(
          xs.subscriptions == [
            Subscription(200, 250), Subscription(255, 270), Subscription(300),
          ])
        subscriptionC?.dispose()
      }
    }

    @Test(".endsSubscriptions: a subscriber added during an event waits for the next one")
    func subscribedDuringEvent() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal(
          [R.next(210, 1), .next(220, 2), .completed(230)], terminal: .endsSubscriptions)
        var inner: [Event<Int, TestError>] = []
        var innerSubscription: Disposable?
        let outer = xs.signal.subscribe(next: { value in
          if value == 1 {
            innerSubscription = xs.signal.subscribe(Observer { inner.append($0) })
          }
        })
        scheduler.run()
        #expect(inner == [.next(2), .completed])
        outer.dispose()
        innerSubscription?.dispose()
      }
    }
  }
}
