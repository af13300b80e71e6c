import Dispatch
import Foundation
import Reactive
import ReactiveTesting
import Synchronization
import Testing

private typealias R = Recorded<Int, TestError>

extension ReactiveTests {
  @Suite("concat")
  struct ConcatTests {
    @Test("never: the second is never subscribed")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([R.next(10, 1)])
        let ys = scheduler.createColdSignal([R.next(10, 2), R.completed(20)])
        let res = scheduler.start { xs.signal.concat(ys.signal) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(ys.subscriptions == [])
      }
    }

    @Test("empty: completes after both")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([R.completed(30)])
        let ys = scheduler.createColdSignal([R.completed(40)])
        let res = scheduler.start { xs.signal.concat(ys.signal) }
        #expect(res.events == [.completed(270)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 270)])
      }
    }

    @Test("values: each signal subscribed when the previous completes")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([.next(10, 1), .next(20, 2), R.completed(30)])
        let ys = scheduler.createColdSignal([.next(5, 3), R.completed(10)])
        let zs = scheduler.createColdSignal([.next(1, 4), R.completed(2)])
        let res = scheduler.start { Signal.concat([xs.signal, ys.signal, zs.signal]) }
        #expect(
          res.events == [
            .next(210, 1), .next(220, 2), .next(235, 3), .next(241, 4), .completed(242),
          ])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 240)])
        #expect(zs.subscriptions == [Subscription(240, 242)])
      }
    }

    @Test("a failure stops the chain: later signals are never subscribed")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([.next(10, 1), R.failed(20, TestError("x"))])
        let ys = scheduler.createColdSignal([R.next(5, 3), R.completed(10)])
        let res = scheduler.start { xs.signal.concat(ys.signal) }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("x"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [])
      }
    }

    @Test("disposing early unsubscribes the active signal")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([.next(10, 1), R.completed(20)])
        let ys = scheduler.createColdSignal([R.next(10, 3), R.completed(100)])
        let res = scheduler.start(disposed: 250) { xs.signal.concat(ys.signal) }
        #expect(res.events == [.next(210, 1), .next(230, 3)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(220, 250)])
      }
    }

    @Test("Signal.concat of 100,000 synchronous signals runs in constant stack")
    func manySynchronous() {
      expectNoLeaks {
        var count = 0
        var last = -1
        var completed = false
        Signal.concat((0..<100_000).map { Signal<Int, TestError>.just($0) })
          .subscribe(
            next: {
              count += 1
              last = $0
            }, completed: { completed = true })
        #expect(count == 100_000)
        #expect(last == 99_999)
        #expect(completed)
      }
    }

    @Test("an infinite lazy sequence of signals stops being pulled when the result ends")
    func infiniteSequence() {
      expectNoLeaks {
        var pulled = 0
        let signals = (0...).lazy.map { value -> Signal<Int, TestError> in
          pulled += 1
          return .just(value)
        }
        var received: [Int] = []
        var failure: TestError?
        Signal.concat(signals)
          .map { (value: Int) throws(TestError) -> Int in
            if value == 3 { throw TestError("enough") }
            return value
          }
          .subscribe(next: { received.append($0) }, error: { failure = $0 })
        #expect(received == [0, 1, 2])
        #expect(failure == TestError("enough"))
        #expect(pulled == 4)
      }
    }

    /// Chained concats are flattened into one sequence (`ConcatNode`), so the depth
    /// costs neither stack nor repeated deliveries; `StackSafetyTests` runs 100,000 on an
    /// 8 MiB stack. This keeps the original 64 MiB check, each value delivered once.
    @Test("a.concat(b).concat(c)… built 1,000 deep completes on a 64 MiB stack")
    func chained() {
      expectNoLeaks {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex((count: 0, completed: false))
        startThread(stackSize: 64 << 20) {
          // Scoped, so the chain is released before the leak check runs.
          do {
            var chain = Signal<Int, TestError>.just(0)
            for value in 1..<1_000 { chain = chain.concat(.just(value)) }
            chain.subscribe(
              next: { _ in result.withLock { $0.count += 1 } },
              completed: { result.withLock { $0.completed = true } })
          }
          done.signal()
        }
        done.wait()
        #expect(result.withLock { $0.count } == 1_000)
        #expect(result.withLock { $0.completed })
      }
    }
  }
}
