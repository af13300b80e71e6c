import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("take(until:behavior:) and take(while:behavior:) with a predicate")
  struct TakePredicateTests {
    typealias R = Recorded<Int, TestError>

    @Test("never: no events; empty: completes", arguments: [TakeBehavior.inclusive, .exclusive])
    func neverAndEmpty(behavior: TakeBehavior) {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let never = scheduler.start { xs.signal.take(until: { $0 > 5 }, behavior: behavior) }
        #expect(never.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        let ys = scheduler.createHotSignal([R.completed(1300)])
        let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          ys.signal.take(until: { $0 > 5 }, behavior: behavior)
        }
        #expect(empty.events == [.completed(1300)])
      }
    }

    @Test("until: values until the predicate accepts one, sent only when inclusive")
    func values() {
      expectNoLeaks {
        let events: [R] = [.next(210, 1), .next(220, 6), .next(230, 2), .completed(300)]
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal(events)
        let exclusive = scheduler.start { xs.signal.take(until: { $0 > 5 }) }
        #expect(exclusive.events == [.next(210, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        let other = TestScheduler()
        let ys = other.createHotSignal(events)
        let inclusive = other.start { ys.signal.take(until: { $0 > 5 }, behavior: .inclusive) }
        #expect(inclusive.events == [.next(210, 1), .next(220, 6), .completed(220)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("while: the first rejected value is sent only when inclusive")
    func whileInclusive() {
      expectNoLeaks {
        var exclusive: [Int] = []
        var inclusive: [Int] = []
        Signal<Int, Never>.from([1, 2, 7, 3]).take(while: { $0 < 5 })
          .subscribe(next: { exclusive.append($0) })
        Signal<Int, Never>.from([1, 2, 7, 3]).take(while: { $0 < 5 }, behavior: .inclusive)
          .subscribe(next: { inclusive.append($0) })
        #expect(exclusive == [1, 2])
        #expect(inclusive == [1, 2, 7])
      }
    }

    @Test("a failure passes through; a throwing predicate fails and unsubscribes")
    func failures() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(220, TestError("boom"))])
        let failed = scheduler.start { xs.signal.take(until: { $0 > 5 }, behavior: .inclusive) }
        #expect(failed.events == [.next(210, 1), .failed(220, TestError("boom"))])
        let ys = scheduler.createHotSignal([R.next(1210, 1), .next(1220, 2), .next(1230, 3)])
        var calls = 0
        let thrown = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          ys.signal.take(until: { (value: Int) throws(TestError) -> Bool in
            calls += 1
            if value == 2 { throw TestError("predicate") }
            return false
          })
        }
        #expect(thrown.events == [.next(1210, 1), .failed(1220, TestError("predicate"))])
        #expect(ys.subscriptions == [Subscription(1200, 1220)])
        #expect(calls == 2)
      }
    }

    @Test("disposing early unsubscribes and stops calling the predicate")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(260, 2)])
        var calls = 0
        let res = scheduler.start(disposed: 250) {
          xs.signal.take(
            until: {
              calls += 1
              return $0 > 5
            }, behavior: .inclusive)
        }
        #expect(res.events == [.next(210, 1)])
        #expect(calls == 1)
        #expect(xs.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("while with a behavior: never, empty, failure, a throw, dispose")
    func whileMatrix() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let never = scheduler.start { xs.signal.take(while: { $0 < 5 }, behavior: .inclusive) }
        #expect(never.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        let ys = scheduler.createHotSignal([R.completed(1300)])
        let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          ys.signal.take(while: { $0 < 5 }, behavior: .inclusive)
        }
        #expect(empty.events == [.completed(1300)])
        let zs = scheduler.createHotSignal([R.next(2210, 1), .failed(2220, TestError("x"))])
        let failed = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
          zs.signal.take(while: { $0 < 5 }, behavior: .inclusive)
        }
        #expect(failed.events == [.next(2210, 1), .failed(2220, TestError("x"))])
        let ws = scheduler.createHotSignal([R.next(3210, 1), .next(3220, 2)])
        let thrown = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
          ws.signal.take(
            while: { (value: Int) throws(TestError) -> Bool in
              if value == 2 { throw TestError("predicate") }
              return true
            }, behavior: .inclusive)
        }
        #expect(thrown.events == [.next(3210, 1), .failed(3220, TestError("predicate"))])
        #expect(ws.subscriptions == [Subscription(3200, 3220)])
        let vs = scheduler.createHotSignal([R.next(4210, 1), .next(4260, 2)])
        let disposed = scheduler.start(created: 4100, subscribed: 4200, disposed: 4250) {
          vs.signal.take(while: { $0 < 5 }, behavior: .inclusive)
        }
        #expect(disposed.events == [.next(4210, 1)])
        #expect(vs.subscriptions == [Subscription(4200, 4250)])
      }
    }
  }
}
