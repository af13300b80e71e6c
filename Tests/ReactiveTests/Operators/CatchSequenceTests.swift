import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("catch(sequence:)")
  struct CatchSequenceTests {
    typealias R = Recorded<Int, TestError>

    @Test("never: the first signal only, until disposal")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let ys = scheduler.createHotSignal([R.next(250, 2)])
        let res = scheduler.start { Signal.catch(sequence: [xs.signal, ys.signal]) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(ys.subscriptions == [])
      }
    }

    @Test("empty: an empty sequence completes at once; a completing signal completes")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let none: [Signal<Int, TestError>] = []
        let res = scheduler.start { Signal.catch(sequence: none) }
        #expect(res.events == [.completed(200)])
        let xs = scheduler.createHotSignal([R.completed(1250)])
        let ys = scheduler.createHotSignal([R.next(1260, 2)])
        let completed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          Signal.catch(sequence: [xs.signal, ys.signal])
        }
        #expect(completed.events == [.completed(1250)])
        #expect(ys.subscriptions == [])
      }
    }

    @Test("values: each failure moves on to the next signal, after the failed one is gone")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(220, TestError("a"))])
        let ys = scheduler.createHotSignal([
          R.next(215, 0), .next(230, 2), .failed(240, TestError("b")),
        ])
        let zs = scheduler.createHotSignal([R.next(250, 3), .completed(260), .next(270, 4)])
        let res = scheduler.start { Signal.catch(sequence: [xs.signal, ys.signal, zs.signal]) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(220, 240)])
        #expect(zs.subscriptions == [Subscription(240, 260)])
      }
    }

    @Test("failure: when every signal fails, the last failure fails the result")
    func allFail() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([R.next(10, 1), .failed(20, TestError("a"))])
        let ys = scheduler.createColdSignal([R.failed(5, TestError("b"))])
        let res = scheduler.start { Signal.catch(sequence: [xs.signal, ys.signal]) }
        #expect(res.events == [.next(210, 1), .failed(225, TestError("b"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(220, 225)])
      }
    }

    @Test("disposing early unsubscribes the current signal; no later one is subscribed")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(220, TestError("a"))])
        let ys = scheduler.createHotSignal([R.next(230, 2), .failed(260, TestError("b"))])
        let zs = scheduler.createHotSignal([R.next(270, 3)])
        let res = scheduler.start(disposed: 240) {
          Signal.catch(sequence: [xs.signal, ys.signal, zs.signal])
        }
        #expect(res.events == [.next(210, 1), .next(230, 2)])
        #expect(ys.subscriptions == [Subscription(220, 240)])
        #expect(zs.subscriptions == [])
      }
    }

    @Test("100,000 signals that fail synchronously run in constant stack; read lazily")
    func synchronousFailures() {
      expectNoLeaks {
        var made = 0
        let failures = (0..<100_000).lazy.map { index -> Signal<Int, TestError> in
          made += 1
          return .error(TestError("\(index)"))
        }
        var events: [Event<Int, TestError>] = []
        Signal.catch(sequence: failures).subscribe(Observer { events.append($0) })
        #expect(events == [.failed(TestError("99999"))])
        #expect(made == 100_000)

        var pulled = 0
        let endless = AnySequence { () -> AnyIterator<Signal<Int, TestError>> in
          AnyIterator {
            pulled += 1
            return pulled == 3 ? .just(pulled) : .error(TestError("no"))
          }
        }
        var recovered: [Event<Int, TestError>] = []
        Signal.catch(sequence: endless).subscribe(Observer { recovered.append($0) })
        #expect(recovered == [.next(3), .completed])
        #expect(pulled == 3)
      }
    }
  }
}
