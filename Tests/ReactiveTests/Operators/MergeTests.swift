import Dispatch
import Reactive
import ReactiveTesting
import Testing

private typealias R = Recorded<Int, TestError>

extension ReactiveTests {
  @Suite("merge")
  struct MergeTests {
    @Test("never: no events")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let ys = scheduler.createHotSignal([R.completed(250)])
        let res = scheduler.start { xs.signal.merge(with: ys.signal) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("empty: completes when all have completed; no signals completes at once")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.completed(230)])
        let ys = scheduler.createHotSignal([R.completed(250)])
        let res = scheduler.start { xs.signal.merge(with: ys.signal) }
        #expect(res.events == [.completed(250)])
        var completed = false
        Signal<Int, TestError>.merge([]).subscribe(completed: { completed = true })
        #expect(completed)
      }
    }

    @Test("values interleave as they arrive")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([.next(210, 1), .next(230, 3), R.completed(300)])
        let ys = scheduler.createHotSignal([.next(220, 2), .next(240, 4), R.completed(260)])
        let zs = scheduler.createHotSignal([.next(250, 5), R.completed(270)])
        let res = scheduler.start { xs.signal.merge(with: ys.signal, zs.signal) }
        #expect(
          res.events == [
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5),
            .completed(300),
          ])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 260)])
        #expect(zs.subscriptions == [Subscription(200, 270)])
      }
    }

    @Test("a failure fails at once and unsubscribes the others")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), R.next(260, 3)])
        let ys = scheduler.createHotSignal([R.next(220, 2), R.failed(240, TestError("x"))])
        let res = scheduler.start { Signal.merge([xs.signal, ys.signal]) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .failed(240, TestError("x"))])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
      }
    }

    @Test("disposing early unsubscribes all")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), R.next(260, 3)])
        let ys = scheduler.createHotSignal([R.next(220, 2)])
        let res = scheduler.start(disposed: 250) { xs.signal.merge(with: ys.signal) }
        #expect(res.events == [.next(210, 1), .next(220, 2)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("100,000 synchronous signals merge with constant stack")
    func many() {
      expectNoLeaks {
        var sum = 0
        var completed = false
        Signal.merge((0..<100_000).map { Signal<Int, TestError>.just($0) })
          .subscribe(next: { sum += $0 }, completed: { completed = true })
        #expect(sum == (0..<100_000).reduce(0, +))
        #expect(completed)
      }
    }

    @Test("sources on several threads: all values, serially, one completion")
    func threads() {
      expectNoLeaks {
        let subjects = (0..<4).map { _ in PublishSubject<Int, Never>() }
        let probe = SerialDeliveryProbe<Int, Never>()
        let subscription = Signal.merge(subjects.map(\.signal)).subscribe(probe.observer)
        concurrentPerform(iterations: subjects.count) { index in
          for value in 0..<10_000 { subjects[index].send(value) }
          subjects[index].sendCompleted()
        }
        #expect(probe.values == 40_000)
        #expect(probe.terminals == 1)
        #expect(probe.overlapping == 0)
        subscription.dispose()
      }
    }
  }
}
