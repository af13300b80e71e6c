import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("on(next:error:completed:subscribed:disposed:)")
  struct DoTests {
    /// Logs every effect with the virtual time it ran at.
    final class EffectLog {
      let scheduler: TestScheduler
      var entries: [String] = []
      init(_ scheduler: TestScheduler) { self.scheduler = scheduler }
      func add(_ entry: String) { entries.append("\(entry)@\(scheduler.clock)") }
    }

    static func logged<Value>(
      _ signal: Signal<Value, TestError>, _ log: EffectLog
    ) -> Signal<Value, TestError> {
      signal.on(
        next: { log.add("next(\($0))") },
        error: { log.add("error(\($0))") },
        completed: { log.add("completed") },
        subscribed: { log.add("subscribed") },
        disposed: { log.add("disposed") })
    }

    @Test("never: subscribed, then disposed when the subscription is disposed")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let log = EffectLog(scheduler)
        let xs = scheduler.createHotSignal([Recorded<Int, TestError>.next(150, 1)])
        let res = scheduler.start { Self.logged(xs.signal, log) }
        #expect(res.events == [])
        #expect(log.entries == ["subscribed@200", "disposed@1000"])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty: completed, then disposed once")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let log = EffectLog(scheduler)
        let xs = scheduler.createHotSignal([Recorded<Int, TestError>.completed(300)])
        let res = scheduler.start { Self.logged(xs.signal, log) }
        #expect(res.events == [.completed(300)])
        #expect(log.entries == ["subscribed@200", "completed@300", "disposed@300"])
        #expect(xs.subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("values: each effect runs before its event is delivered; events are unchanged")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let log = EffectLog(scheduler)
        let xs = scheduler.createHotSignal([
          .next(150, 0), .next(210, 1), .next(220, 2), Recorded<Int, TestError>.completed(300),
        ])
        var subscription: Disposable?
        scheduler.schedule(at: 200) {
          subscription = Self.logged(xs.signal, log).subscribe(
            next: { log.add("received(\($0))") }, completed: { log.add("received completed") })
        }
        scheduler.run()
        #expect(
          log.entries == [
            "subscribed@200", "next(1)@210", "received(1)@210", "next(2)@220", "received(2)@220",
            // The guard releases the subscription before forwarding the terminal event
            // (RACSubscriber's order), so `disposed` runs before the observer hears it.
            "completed@300", "disposed@300", "received completed@300",
          ])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        subscription?.dispose()
        #expect(log.entries.count == 8, "disposing after the end runs no effect")
      }
    }

    @Test("failure: error, then disposed")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let log = EffectLog(scheduler)
        let xs = scheduler.createHotSignal([
          .next(210, 1), Recorded<Int, TestError>.failed(220, TestError("boom")), .next(230, 2),
        ])
        let res = scheduler.start { Self.logged(xs.signal, log) }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(
          log.entries == ["subscribed@200", "next(1)@210", "error(boom)@220", "disposed@220"])
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("disposing early: disposed once, no effect afterwards")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let log = EffectLog(scheduler)
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(260, 2), Recorded<Int, TestError>.completed(300),
        ])
        let res = scheduler.start(disposed: 250) { Self.logged(xs.signal, log) }
        #expect(res.events == [.next(210, 1)])
        #expect(log.entries == ["subscribed@200", "next(1)@210", "disposed@250"])
        #expect(xs.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("subscribed runs before the upstream subscription, on every subscription")
    func subscribedFirst() {
      expectNoLeaks {
        var log: [String] = []
        let upstream = Signal<Int, Never> { observer in
          log.append("upstream started")
          observer.send(1)
          return Disposables.empty
        }
        let signal = upstream.on(
          next: { log.append("next \($0)") },
          subscribed: {
            log.append("subscribed")
          })
        signal.subscribe().dispose()
        signal.subscribe().dispose()
        #expect(
          log == [
            "subscribed", "upstream started", "next 1", "subscribed", "upstream started", "next 1",
          ])
      }
    }

    @Test("a synchronous completion during subscription: completed, then disposed once")
    func synchronousCompletion() {
      expectNoLeaks {
        var log: [String] = []
        let subscription = Signal<Int, TestError>.just(1)
          .on(
            next: { log.append("next \($0)") }, completed: { log.append("completed") },
            subscribed: { log.append("subscribed") }, disposed: { log.append("disposed") }
          )
          .subscribe(next: { log.append("received \($0)") })
        subscription.dispose()
        #expect(log == ["subscribed", "next 1", "received 1", "completed", "disposed"])
      }
    }

    @Test("an effect that disposes its own subscription: the event is not delivered")
    func disposesItself() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let log = EffectLog(scheduler)
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), .next(230, 3), Recorded<Int, TestError>.completed(300),
        ])
        var subscription: Disposable?
        scheduler.schedule(at: 200) {
          subscription = xs.signal
            .on(
              next: { value in
                log.add("next(\(value))")
                if value == 2 { subscription?.dispose() }
              },
              completed: { log.add("completed") },
              disposed: { log.add("disposed") }
            )
            .subscribe(next: { log.add("received(\($0))") })
        }
        scheduler.run()
        #expect(
          log.entries == ["next(1)@210", "received(1)@210", "next(2)@220", "disposed@220"])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        subscription?.dispose()
        subscription = nil
      }
    }

    @Test("no effect runs for what a producer sends after its terminal event")
    func rogueProducer() {
      expectNoLeaks {
        var log: [String] = []
        let rogue = Signal<Int, TestError> { observer, _ in
          observer.send(1)
          observer.sendCompleted()
          observer.send(2)
          observer.send(error: TestError("late"))
          observer.sendCompleted()
          return Disposables.empty
        }
        rogue
          .on(
            next: { log.append("next \($0)") }, error: { log.append("error \($0)") },
            completed: { log.append("completed") }, disposed: { log.append("disposed") }
          )
          .map { $0 }
          .subscribe()
        #expect(log == ["next 1", "completed", "disposed"])
      }
    }

    @Test("with no effects the signal is unchanged")
    func noEffects() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), Recorded<Int, TestError>.completed(300),
        ]) { $0.on() }
        #expect(events == [.next(210, 1), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }
  }
}
