import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("materialize, dematerialize")
  struct MaterializeTests {
    typealias IntEvent = Event<Int, TestError>

    // MARK: materialize

    @Test("materialize: never sends nothing")
    func materializeNever() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.next(150, 1)]) {
          $0.materialize()
        }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("materialize: completion becomes a value, then completion")
    func materializeEmpty() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.completed(300)]) {
          $0.materialize()
        }
        #expect(events == [.next(300, IntEvent.completed), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("materialize: values become values")
    func materializeValues() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(150, 1), .next(210, 2), .next(220, 3), Recorded<Int, TestError>.completed(300),
        ])
        let res = scheduler.start { xs.signal.materialize() }
        #expect(
          res.events == [
            .next(210, IntEvent.next(2)), .next(220, .next(3)), .next(300, .completed),
            .completed(300),
          ])
      }
    }

    @Test("materialize: failure becomes a value, then completion")
    func materializeFailure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), Recorded<Int, TestError>.failed(220, TestError("boom")), .next(230, 2),
        ])
        let res = scheduler.start { xs.signal.materialize() }
        #expect(
          res.events == [
            .next(210, IntEvent.next(1)), .next(220, .failed(TestError("boom"))),
            .completed(220),
          ])
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("materialize: disposing early unsubscribes")
    func materializeDisposeEarly() {
      expectNoLeaks {
        let (events, subscriptions) = runHot(
          [
            .next(210, 1), .next(260, 2), Recorded<Int, TestError>.completed(300),
          ], disposed: 250
        ) { $0.materialize() }
        #expect(events == [.next(210, IntEvent.next(1))])
        #expect(subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("materialize: events a producer sends after its terminal event become nothing")
    func materializeRogueProducer() {
      expectNoLeaks {
        let rogue = Signal<Int, TestError> { observer, _ in
          observer.sendCompleted()
          observer.send(1)
          observer.send(error: TestError("late"))
          return Disposables.empty
        }
        var events: [Event<IntEvent, Never>] = []
        rogue.materialize().map { $0 }.subscribe(Observer { events.append($0) })
        #expect(events == [.next(.completed), .completed])
      }
    }

    // MARK: dematerialize

    @Test("dematerialize: never sends nothing")
    func dematerializeNever() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<IntEvent, Never>.next(150, .next(1))]) {
          $0.dematerialize()
        }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("dematerialize: upstream completion completes")
    func dematerializeEmpty() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<IntEvent, Never>.completed(300)]) {
          $0.dematerialize()
        }
        #expect(events == [.completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("dematerialize: values, then a completed value ends it and unsubscribes")
    func dematerializeValues() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, IntEvent.next(1)), .next(220, .next(2)), .next(230, .completed),
          .next(240, .next(3)), Recorded<IntEvent, Never>.completed(300),
        ]) { $0.dematerialize() }
        #expect(events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(subscriptions == [Subscription(200, 230)])
      }
    }

    @Test("dematerialize: a failed value fails and unsubscribes")
    func dematerializeFailure() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, IntEvent.next(1)), .next(220, .failed(TestError("boom"))),
          Recorded<IntEvent, Never>.next(230, .next(2)),
        ]) { $0.dematerialize() }
        #expect(events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("dematerialize: disposing early unsubscribes")
    func dematerializeDisposeEarly() {
      expectNoLeaks {
        let (events, subscriptions) = runHot(
          [
            .next(210, IntEvent.next(1)), Recorded<IntEvent, Never>.next(260, .next(2)),
          ], disposed: 250
        ) { $0.dematerialize() }
        #expect(events == [.next(210, 1)])
        #expect(subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("dematerialize undoes materialize")
    func roundTrip() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), Recorded<Int, TestError>.failed(230, TestError("boom")),
        ])
        let res = scheduler.start {
          xs.signal.materialize().dematerialize() as Signal<Int, TestError>
        }
        #expect(res.events == [.next(210, 1), .next(220, 2), .failed(230, TestError("boom"))])
        #expect(xs.subscriptions == [Subscription(200, 230)])
      }
    }
  }
}
