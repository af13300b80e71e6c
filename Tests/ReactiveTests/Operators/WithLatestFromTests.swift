import Reactive
import ReactiveTesting
import Testing

private typealias R = Recorded<Int, TestError>

extension ReactiveTests {
  @Suite("withLatest(from:)")
  struct WithLatestFromTests {
    @Test("never: no events")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let ys = scheduler.createHotSignal([R.next(210, 1)])
        let res = scheduler.start { xs.signal.withLatest(from: ys.signal).map { $0 + $1 } }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(ys.subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty: completes with self")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.completed(220)])
        let ys = scheduler.createHotSignal([R.next(210, 1)])
        let res = scheduler.start { xs.signal.withLatest(from: ys.signal).map { $0 + $1 } }
        #expect(res.events == [.completed(220)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("values: dropped until other sent; other's completion keeps its last value")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), R.completed(300),
        ])
        let ys = scheduler.createHotSignal([.next(220, 10), .next(240, 20), R.completed(260)])
        let res = scheduler.start { xs.signal.withLatest(from: ys.signal).map { $0 + $1 } }
        #expect(res.events == [.next(230, 12), .next(250, 23), .next(270, 24), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 260)])
      }
    }

    @Test("a failure of either fails", arguments: [0, 1])
    func failure(failing: Int) {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal(
          failing == 0 ? [R.next(220, 1), R.failed(240, TestError("x"))] : [R.next(220, 1)])
        let ys = scheduler.createHotSignal(
          failing == 1 ? [R.next(210, 10), R.failed(240, TestError("x"))] : [R.next(210, 10)])
        let res = scheduler.start { xs.signal.withLatest(from: ys.signal).map { $0 + $1 } }
        #expect(res.events == [.next(220, 11), .failed(240, TestError("x"))])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
      }
    }

    @Test("disposing early unsubscribes both")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(220, 1), R.next(260, 2)])
        let ys = scheduler.createHotSignal([R.next(210, 10)])
        let res = scheduler.start(disposed: 250) {
          xs.signal.withLatest(from: ys.signal).map { $0 + $1 }
        }
        #expect(res.events == [.next(220, 11)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("a synchronous other is there for self's first value")
    func synchronousOther() {
      expectNoLeaks {
        var received: [String] = []
        Signal<Int, TestError>.from([1, 2]).withLatest(from: .just("a"))
          .subscribe(next: { received.append("\($0)\($1)") })
        #expect(received == ["1a", "2a"])
      }
    }
  }
}
