import Dispatch
import Reactive
import ReactiveTesting
import Testing

private typealias R = Recorded<Int, TestError>

extension ReactiveTests {
  @Suite("combineLatest")
  struct CombineLatestTests {
    @Test("never: no events, both stay subscribed until disposal")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let ys = scheduler.createHotSignal([R.next(150, 1)])
        let res = scheduler.start { xs.signal.combineLatest(with: ys.signal) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(ys.subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("a source completing without a value completes at once")
    func emptyCompletesAtOnce() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.completed(210)])
        let ys = scheduler.createHotSignal([R.next(220, 1), R.completed(300)])
        let res = scheduler.start { xs.signal.combineLatest(with: ys.signal).map { $0 + $1 } }
        #expect(res.events == [.completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(200, 210)])
      }
    }

    @Test("values: the latest of each, after both sent; completes when both completed")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(150, 0), .next(210, 1), .next(230, 2), R.completed(400),
        ])
        let ys = scheduler.createHotSignal([.next(220, 10), .next(240, 20), R.completed(300)])
        let res = scheduler.start { xs.signal.combineLatest(with: ys.signal).map { $0 + $1 } }
        #expect(
          res.events == [.next(220, 11), .next(230, 12), .next(240, 22), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("a failure of either source fails and unsubscribes the other", arguments: [0, 1])
    func failure(failing: Int) {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let ok = scheduler.createHotSignal([R.next(210, 1), R.next(260, 2)])
        let bad = scheduler.createHotSignal([R.next(220, 10), R.failed(250, TestError("x"))])
        let (xs, ys) = failing == 0 ? (bad, ok) : (ok, bad)
        let res = scheduler.start { xs.signal.combineLatest(with: ys.signal).map { $0 + $1 } }
        #expect(res.events == [.next(220, 11), .failed(250, TestError("x"))])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("disposing early unsubscribes both")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), R.next(230, 2)])
        let ys = scheduler.createHotSignal([R.next(220, 10), R.next(260, 20)])
        let res = scheduler.start(disposed: 250) {
          xs.signal.combineLatest(with: ys.signal).map { $0 + $1 }
        }
        #expect(res.events == [.next(220, 11), .next(230, 12)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("n-ary static form with a parameter pack")
    func nAry() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), R.next(240, 2), R.completed(300)])
        let ys = scheduler.createHotSignal([
          .next(220, "a"), Recorded<String, TestError>.completed(250),
        ])
        let zs = scheduler.createHotSignal([
          .next(230, true), .next(260, false), Recorded<Bool, TestError>.completed(320),
        ])
        let res = scheduler.start {
          // Bound first: chaining `.map` onto the generic call trips typed-throws inference.
          let combined = Signal.combineLatest(xs.signal, ys.signal, zs.signal)
          return combined.map { all in "\(all.0)\(all.1)\(all.2)" }
        }
        #expect(
          res.events == [
            .next(230, "1atrue"), .next(240, "2atrue"), .next(260, "2afalse"), .completed(320),
          ])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
        #expect(zs.subscriptions == [Subscription(200, 320)])
      }
    }

    @Test("n-ary: a failure fails; an empty source completes at once")
    func nAryTerminals() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), R.failed(240, TestError("x"))])
        let ys = scheduler.createHotSignal([R.next(220, 2)])
        let zs = scheduler.createHotSignal([R.next(230, 3)])
        let res = scheduler.start { Signal.combineLatest(xs.signal, ys.signal, zs.signal) }
        #expect(res.events.map(\.time) == [230, 240])
        #expect(res.events.last?.event.error == TestError("x"))
        #expect(zs.subscriptions == [Subscription(200, 240)])

        let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          Signal.combineLatest(
            Signal<Int, TestError>.never(), Signal<Int, TestError>.empty(), .just(1))
        }
        #expect(empty.events.count == 1)
        #expect(empty.events.first?.event.isTerminal == true)
      }
    }

    @Test("re-entrant sends from the observer are queued, not nested or deadlocked")
    func reentrant() {
      expectNoLeaks {
        let a = PublishSubject<Int, Never>()
        let b = PublishSubject<Int, Never>()
        var received: [String] = []
        let subscription = a.signal.combineLatest(with: b.signal).subscribe(next: {
          received.append("\($0)\($1)")
          if $0 == 1 && $1 == 1 { b.send(2) }  // feeds back while being delivered
        })
        b.send(1)
        a.send(1)
        a.send(3)
        #expect(received == ["11", "12", "32"])
        subscription.dispose()
      }
    }

    @Test("sources on two threads: every pair delivered, serially, one completion")
    func threads() {
      expectNoLeaks {
        let a = PublishSubject<Int, Never>()
        let b = PublishSubject<Int, Never>()
        let probe = SerialDeliveryProbe<(Int, Int), Never>()
        let subscription = a.signal.combineLatest(with: b.signal).subscribe(probe.observer)
        a.send(0)
        b.send(0)
        let count = 20_000
        concurrentPerform(iterations: 2) { thread in
          let subject = thread == 0 ? a : b
          for value in 1...count { subject.send(value) }
          subject.sendCompleted()
        }
        #expect(probe.values == 1 + 2 * count)
        #expect(probe.terminals == 1)
        #expect(probe.overlapping == 0)
        subscription.dispose()
      }
    }
  }
}
