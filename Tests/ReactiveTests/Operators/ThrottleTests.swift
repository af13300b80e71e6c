import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("throttle")
  struct ThrottleTests {
    typealias R = Recorded<Int, TestError>

    @Test("never: no events")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let res = scheduler.start { xs.signal.throttle(.seconds(20), on: scheduler) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty: completes at once")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1), .completed(300)])
        let res = scheduler.start { xs.signal.throttle(.seconds(20), on: scheduler) }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("leading value at once, latest at the end of each window, none for a quiet one")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(215, 2), .next(220, 3), .next(235, 4), .next(260, 5),
          .next(320, 6), .completed(400),
        ])
        let res = scheduler.start { xs.signal.throttle(.seconds(20), on: scheduler) }
        #expect(
          res.events == [
            .next(210, 1), .next(230, 3), .next(250, 4), .next(270, 5), .next(320, 6),
            .completed(400),
          ])
        #expect(xs.subscriptions == [Subscription(200, 400)])
      }
    }

    @Test("completion sends the pending value at once, then completes")
    func completionFlushes() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(215, 2), .completed(220)])
        let res = scheduler.start { xs.signal.throttle(.seconds(20), on: scheduler) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("failure is not delayed and drops the pending value")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(215, 2), .failed(220, TestError("boom")), .next(225, 3),
        ])
        let res = scheduler.start { xs.signal.throttle(.seconds(20), on: scheduler) }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("disposing early cancels the window: the pending value is never sent")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(215, 2), .completed(300)])
        let res = scheduler.start(disposed: 225) {
          xs.signal.throttle(.seconds(20), on: scheduler)
        }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("synchronous values: the first goes through, the last after the window")
    func synchronousSource() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let res = scheduler.start {
          Signal<Int, TestError>.from(1...5).concatNever().throttle(.seconds(10), on: scheduler)
        }
        #expect(res.events == [.next(200, 1), .next(210, 5)])
      }
    }
  }

  @Suite("debounce")
  struct DebounceTests {
    typealias R = Recorded<Int, TestError>

    @Test("never: no events")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let res = scheduler.start { xs.signal.debounce(.seconds(20), on: scheduler) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty: completes at once")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1), .completed(300)])
        let res = scheduler.start { xs.signal.debounce(.seconds(20), on: scheduler) }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("a value is sent after the quiet period; each value restarts the wait")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(220, 2), .next(250, 3), .next(255, 4), .next(300, 5),
          .completed(400),
        ])
        let res = scheduler.start { xs.signal.debounce(.seconds(20), on: scheduler) }
        #expect(
          res.events == [.next(240, 2), .next(275, 4), .next(320, 5), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
      }
    }

    @Test("completion sends the waiting value at once, then completes")
    func completionFlushes() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(215, 2), .completed(220)])
        let res = scheduler.start { xs.signal.debounce(.seconds(20), on: scheduler) }
        #expect(res.events == [.next(220, 2), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("failure is not delayed and drops the waiting value")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .failed(215, TestError("boom")), .next(220, 2),
        ])
        let res = scheduler.start { xs.signal.debounce(.seconds(20), on: scheduler) }
        #expect(res.events == [.failed(215, TestError("boom"))])
        #expect(xs.subscriptions == [Subscription(200, 215)])
      }
    }

    @Test("maxWait: a steady source is still sent once per maximum wait; quiet still sends")
    func maxWait() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(225, 2), .next(240, 3), .next(255, 4), .next(270, 5),
          .next(285, 6), .next(300, 7), .next(350, 8), .completed(400),
        ])
        let res = scheduler.start {
          xs.signal.debounce(.seconds(20), maxWait: .seconds(50), on: scheduler)
        }
        #expect(
          res.events == [.next(260, 4), .next(320, 7), .next(370, 8), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
      }
    }

    @Test("maxWait: completion sends the waiting value; failure drops it")
    func maxWaitTermination() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(215, 2), .completed(220)])
        let res = scheduler.start {
          xs.signal.debounce(.seconds(20), maxWait: .seconds(50), on: scheduler)
        }
        #expect(res.events == [.next(220, 2), .completed(220)])
        let other = TestScheduler()
        let ys = other.createHotSignal([R.next(210, 1), .failed(215, TestError("boom"))])
        let failed = other.start {
          ys.signal.debounce(.seconds(20), maxWait: .seconds(50), on: other)
        }
        #expect(failed.events == [.failed(215, TestError("boom"))])
      }
    }

    @Test("disposing early cancels the wait")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start(disposed: 230) {
          xs.signal.debounce(.seconds(20), on: scheduler)
        }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 230)])
      }
    }
  }
}

extension Signal {
  /// The values of this signal, then silence: a source that never completes, so tests
  /// can watch what a time operator does after the last value.
  fileprivate func concatNever() -> Signal {
    Signal { observer in
      self.subscribe(next: { observer.send($0) }, error: { observer.send(error: $0) })
    }
  }
}
