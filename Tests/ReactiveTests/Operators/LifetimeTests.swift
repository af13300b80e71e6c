import Reactive
import ReactiveTesting
import Synchronization
import Testing

private typealias R = Recorded<Int, TestError>

extension ReactiveTests {
  @Suite("Lifetime: observeEnded, make(), take(during:)")
  struct LifetimeTests {
    @Test("take(during:): values until the token ends, then completion and unsubscription")
    func takeDuring() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([.next(210, 1), .next(220, 2), R.next(240, 3)])
        var token: Lifetime.Token?
        let lifetime: Lifetime
        (lifetime, token) = Lifetime.make()
        scheduler.schedule(at: 230) { token = nil }
        let res = scheduler.start { xs.signal.take(during: lifetime) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(lifetime.hasEnded)
        _ = token
      }
    }

    @Test("take(during:) an ended lifetime completes at once without subscribing")
    func alreadyEnded() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1)])
        let res = scheduler.start { xs.signal.take(during: .ended) }
        #expect(res.events == [.completed(200)])
        #expect(xs.subscriptions.isEmpty)
      }
    }

    @Test("take(during:) passes the source's failure and completion through")
    func sourceEnds() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let xs = scheduler.createHotSignal([.next(210, 1), R.failed(220, TestError("boom"))])
        let res = scheduler.start { xs.signal.take(during: lifetime) }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(!lifetime.hasEnded)
        token.end()
      }
    }

    @Test("observeEnded runs once, on end or at once; a disposed observation never runs")
    func observeEnded() {
      expectNoLeaks {
        let runs = Mutex<[String]>([])
        let (lifetime, token) = Lifetime.make()
        lifetime.observeEnded { runs.withLock { $0.append("first") } }
        let cancelled = lifetime.observeEnded { runs.withLock { $0.append("cancelled") } }
        cancelled.dispose()
        lifetime.observeEnded { runs.withLock { $0.append("second") } }
        #expect(runs.withLock { $0 }.isEmpty)
        token.end()
        token.end()
        #expect(runs.withLock { $0 } == ["first", "second"])
        lifetime.observeEnded { runs.withLock { $0.append("late") } }
        #expect(runs.withLock { $0 } == ["first", "second", "late"], "ended: runs at once")
      }
    }

    @Test("a subscription's lifetime tells a producer's cleanup when it ends")
    func subscriptionLifetime() {
      expectNoLeaks {
        let ended = Mutex(0)
        let signal = Signal<Int, Never> { observer, lifetime in
          lifetime.observeEnded { ended.withLock { $0 += 1 } }
          observer.send(1)
          return Disposables.empty
        }
        let subscription = signal.subscribe(next: { _ in })
        #expect(ended.withLock { $0 } == 0)
        subscription.dispose()
        #expect(ended.withLock { $0 } == 1)
        _ = Signal<Int, Never> { observer, lifetime in
          lifetime.observeEnded { ended.withLock { $0 += 1 } }
          observer.sendCompleted()
          return Disposables.empty
        }.subscribe(next: { _ in })
        #expect(ended.withLock { $0 } == 2, "completion ends it too")
      }
    }
  }
}
