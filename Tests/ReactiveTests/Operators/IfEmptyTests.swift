import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("defaultIfEmpty, switchIfEmpty")
  struct IfEmptyTests {
    typealias R = Recorded<Int, TestError>

    @Test("defaultIfEmpty: an empty source sends the default, then completes")
    func defaultEmpty() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([R.completed(300)]) { $0.defaultIfEmpty(9) }
        #expect(events == [.next(300, 9), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("defaultIfEmpty: values and failures pass through unchanged")
    func defaultValues() {
      expectNoLeaks {
        let (values, _) = runHot([R.next(210, 1), .completed(300)]) { $0.defaultIfEmpty(9) }
        #expect(values == [.next(210, 1), .completed(300)])
        let (failed, _) = runHot([R.failed(250, TestError("boom"))]) { $0.defaultIfEmpty(9) }
        #expect(failed == [.failed(250, TestError("boom"))])
        let (disposed, _) = runHot([R.completed(300)], disposed: 250) { $0.defaultIfEmpty(9) }
        #expect(disposed == [])
      }
    }

    @Test("switchIfEmpty: an empty source switches to the other after unsubscribing")
    func switchEmpty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.completed(300)])
        let other = scheduler.createColdSignal([R.next(10, 5), .completed(20)])
        let res = scheduler.start { xs.signal.switchIfEmpty(other.signal) }
        #expect(res.events == [.next(310, 5), .completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(other.subscriptions == [Subscription(300, 320)])
      }
    }

    @Test("switchIfEmpty: a source with values never subscribes the other")
    func switchValues() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .completed(300)])
        let other = scheduler.createColdSignal([R.next(10, 5), .completed(20)])
        let res = scheduler.start { xs.signal.switchIfEmpty(other.signal) }
        #expect(res.events == [.next(210, 1), .completed(300)])
        #expect(other.subscriptions == [])
      }
    }

    @Test("switchIfEmpty: failure passes through; disposing disposes the other")
    func switchFailureAndDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.completed(300)])
        let other = scheduler.createColdSignal([R.next(10, 5), .failed(20, TestError("o"))])
        let res = scheduler.start(disposed: 315) { xs.signal.switchIfEmpty(other.signal) }
        #expect(res.events == [.next(310, 5)])
        #expect(other.subscriptions == [Subscription(300, 315)])
        let (failed, _) = runHot([R.failed(250, TestError("boom"))]) {
          $0.switchIfEmpty(.just(1))
        }
        #expect(failed == [.failed(250, TestError("boom"))])
      }
    }

    @Test("switchIfEmpty: synchronous signals")
    func switchSynchronous() {
      expectNoLeaks {
        var events: [Event<Int, Never>] = []
        Signal<Int, Never>.empty().switchIfEmpty(.from([1, 2]))
          .subscribe(Observer { events.append($0) })
        #expect(events == [.next(1), .next(2), .completed])
      }
    }
  }
}
