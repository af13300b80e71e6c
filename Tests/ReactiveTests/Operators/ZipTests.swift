import Reactive
import ReactiveTesting
import Testing

private typealias R = Recorded<Int, TestError>

extension ReactiveTests {
  @Suite("zip")
  struct ZipTests {
    @Test("never: no events")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1)])
        let ys = scheduler.createHotSignal([R.next(150, 1)])
        let res = scheduler.start { xs.signal.zip(with: ys.signal).map { $0 + $1 } }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(ys.subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty: a source completing with nothing queued completes at once")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.completed(210)])
        let ys = scheduler.createHotSignal([R.next(220, 1)])
        let res = scheduler.start { xs.signal.zip(with: ys.signal).map { $0 + $1 } }
        #expect(res.events == [.completed(210)])
        #expect(ys.subscriptions == [Subscription(200, 210)])
      }
    }

    @Test("values pair by index")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), .next(230, 3), R.completed(500),
        ])
        let ys = scheduler.createHotSignal([.next(240, 10), .next(250, 20), R.next(260, 30)])
        let res = scheduler.start { xs.signal.zip(with: ys.signal).map { $0 + $1 } }
        #expect(res.events == [.next(240, 11), .next(250, 22), .next(260, 33), .completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
        #expect(ys.subscriptions == [Subscription(200, 500)])
      }
    }

    @Test("RAC rule: completes when a completed source has nothing queued, even if the other has")
    func completesWhenExhausted() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        // xs completes with nothing queued while ys still has 2 and 3 waiting.
        let xs = scheduler.createHotSignal([.next(230, 10), R.completed(240)])
        let ys = scheduler.createHotSignal([.next(210, 1), .next(215, 2), R.next(220, 3)])
        let res = scheduler.start { xs.signal.zip(with: ys.signal).map { $0 + $1 } }
        #expect(res.events == [.next(230, 11), .completed(240)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
      }
    }

    @Test("a completed source with values queued completes when its last is paired")
    func completesAfterDraining() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([.next(210, 1), .next(220, 2), R.completed(230)])
        let ys = scheduler.createHotSignal([.next(240, 10), .next(250, 20), R.next(260, 30)])
        let res = scheduler.start { xs.signal.zip(with: ys.signal).map { $0 + $1 } }
        #expect(res.events == [.next(240, 11), .next(250, 22), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("a failure of either source fails at once", arguments: [0, 1])
    func failure(failing: Int) {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let ok = scheduler.createHotSignal([R.next(210, 1), R.next(220, 2)])
        let bad = scheduler.createHotSignal([R.next(215, 10), R.failed(230, TestError("x"))])
        let (xs, ys) = failing == 0 ? (bad, ok) : (ok, bad)
        let res = scheduler.start { xs.signal.zip(with: ys.signal).map { $0 + $1 } }
        #expect(res.events == [.next(215, 11), .failed(230, TestError("x"))])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(200, 230)])
      }
    }

    @Test("disposing early unsubscribes both")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), R.next(260, 2)])
        let ys = scheduler.createHotSignal([R.next(220, 10), R.next(270, 20)])
        let res = scheduler.start(disposed: 250) {
          xs.signal.zip(with: ys.signal).map { $0 + $1 }
        }
        #expect(res.events == [.next(220, 11)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("n-ary static form with a parameter pack")
    func nAry() {
      expectNoLeaks {
        var received: [String] = []
        var completed = false
        let zipped = Signal.zip(
          Signal<Int, TestError>.from([1, 2, 3]), .from(["a", "b"]), .from([true, false, true]))
        zipped.subscribe(
          next: { received.append("\($0)\($1)\($2)") }, completed: { completed = true })
        #expect(received == ["1atrue", "2bfalse"])
        #expect(completed)
      }
    }
  }
}
