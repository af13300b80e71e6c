import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("retry")
  struct RetryTests {
    @Test("never: one subscription, no events")
    func never() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.next(150, 1)]) {
          $0.retry(3)
        }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty and values pass through without re-subscribing")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([
          .next(10, 1), .next(20, 2), Recorded<Int, TestError>.completed(30),
        ])
        let res = scheduler.start { xs.signal.retry() }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
      }
    }

    @Test("failure: re-subscribes count more times, then forwards the last failure")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([
          .next(10, 1), Recorded<Int, TestError>.failed(20, TestError("boom")),
        ])
        let res = scheduler.start { xs.signal.retry(2) }
        #expect(
          res.events == [
            .next(210, 1), .next(230, 1), .next(250, 1), .failed(260, TestError("boom")),
          ])
        #expect(
          xs.subscriptions == [
            Subscription(200, 220), Subscription(220, 240), Subscription(240, 260),
          ])
      }
    }

    @Test("retry(0) does not retry")
    func zero() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([Recorded<Int, TestError>.failed(20, TestError("a"))])
        let res = scheduler.start { xs.signal.retry(0) }
        #expect(res.events == [.failed(220, TestError("a"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("recovers when a later attempt succeeds")
    func recovers() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        var attempts = 0
        let flaky = Signal<Int, TestError>.deferred {
          attempts += 1
          return attempts < 3 ? .error(TestError("flaky")) : .just(attempts)
        }
        let res = scheduler.start { flaky.retry(5) }
        #expect(res.events == [.next(200, 3), .completed(200)])
        #expect(attempts == 3)
      }
    }

    @Test("disposing stops re-subscribing (retry forever)")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([
          .next(5, 1), Recorded<Int, TestError>.failed(10, TestError("boom")),
        ])
        let res = scheduler.start(disposed: 235) { xs.signal.retry() }
        #expect(res.events == [.next(205, 1), .next(215, 1), .next(225, 1)])
        #expect(
          xs.subscriptions == [
            Subscription(200, 210), Subscription(210, 220), Subscription(220, 230),
            Subscription(230, 235),
          ])
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("a synchronously failing signal retried 100,000 times fails once, at the end")
    func manySynchronousFailures() {
      expectNoLeaks {
        var events: [Event<Int, TestError>] = []
        Signal<Int, TestError>.error(TestError("e")).retry(100_000)
          .subscribe(Observer { events.append($0) })
        #expect(events == [.failed(TestError("e"))])
      }
    }

    @Test("a signal that fails its first 100,000 subscriptions then succeeds delivers")
    func succeedsAfterManyFailures() {
      expectNoLeaks {
        var subscriptions = 0
        var disposals = 0
        let flaky = Signal<Int, TestError> { observer in
          subscriptions += 1
          if subscriptions <= 100_000 {
            observer.send(error: TestError("not yet"))
          } else {
            observer.send(subscriptions)
            observer.sendCompleted()
          }
          return AnyDisposable { disposals += 1 }
        }
        var events: [Event<Int, TestError>] = []
        flaky.retry().subscribe(Observer { events.append($0) })
        #expect(events == [.next(100_001), .completed])
        #expect(subscriptions == 100_001)
        #expect(disposals == 100_001, "every attempt's resources are released")
      }
    }

    @Test("each failed attempt is released before the next one starts")
    func releasesEachAttempt() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        var live = 0
        var peak = 0
        let source = Signal<Int, TestError> { observer in
          live += 1
          peak = max(peak, live)
          let failure = scheduler.schedule(after: .seconds(10)) {
            observer.send(error: TestError("boom"))
          }
          return AnyDisposable {
            failure.dispose()
            live -= 1
          }
        }
        var liveAtFailure: [Int] = []
        let res = scheduler.start {
          source.retry(50).on(error: { _ in liveAtFailure.append(live) })
        }
        #expect(res.events == [.failed(710, TestError("boom"))])
        #expect(peak == 1, "a failed attempt is released as the next one starts")
        #expect(live == 0)
        #expect(liveAtFailure == [0], "one failure reaches downstream, after its attempt ended")
      }
    }

    @Test("live library objects stay constant across attempts")
    func constantMemory() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([Recorded<Int, TestError>.failed(10, TestError("e"))])
        var counts: [Int] = []
        for time in [255, 355, 455] {
          scheduler.schedule(at: time) { counts.append(LiveObjectCount.current) }
        }
        _ = scheduler.start { xs.signal.retry() }
        // Each probe is a scheduled action holding one tracked disposable until it runs,
        // so with no growth per attempt the count falls by exactly one per probe.
        #expect(counts.count == 3)
        #expect(counts == [counts[2] + 2, counts[2] + 1, counts[2]], "grows per attempt")
      }
    }

    @Test("a downstream that ends during a synchronous loop stops the retries")
    func downstreamEndsLoop() {
      expectNoLeaks {
        var attempts = 0
        let source = Signal<Int, TestError> { observer in
          attempts += 1
          if attempts == 5 { observer.send(attempts) }
          observer.send(error: TestError("again"))
          return Disposables.empty
        }
        var events: [Event<Int, TestError>] = []
        source.retry().take(1).subscribe(Observer { events.append($0) })
        #expect(events == [.next(5), .completed])
        #expect(attempts == 5)
      }
    }

    @Test("disposing from inside an attempt stops the retries")
    func disposeFromInside() {
      expectNoLeaks {
        let subject = PublishSubject<Int, TestError>()
        var subscriptions = 0
        let source = Signal<Int, TestError>.deferred {
          subscriptions += 1
          return subject.signal
        }
        var received: [Int] = []
        var subscription: Disposable?
        subscription = source.retry().subscribe(next: { value in
          received.append(value)
          if value == 2 { subscription?.dispose() }
        })
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(received == [1, 2])
        #expect(subscriptions == 1)
        subscription = nil
      }
    }
  }
}
