import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("map, compactMap, mapError")
  struct MapTests {
    @Test("never: no events")
    func never() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.next(150, 1)]) {
          $0.map { $0 * 2 }
        }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty: completes")
    func empty() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 1), Recorded<Int, TestError>.completed(300),
        ]) { $0.map { $0 * 2 } }
        #expect(events == [.completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("values are transformed, in order, at their times")
    func values() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 1), .next(210, 2), .next(240, 3), Recorded<Int, TestError>.completed(300),
          .next(310, 9),
        ]) { $0.map { $0 * 10 } }
        #expect(events == [.next(210, 20), .next(240, 30), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("failure passes through and ends the subscription")
    func failure() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 2), Recorded<Int, TestError>.failed(250, TestError("boom")), .next(260, 3),
        ]) { $0.map { $0 * 10 } }
        #expect(events == [.next(210, 20), .failed(250, TestError("boom"))])
        #expect(subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("disposing early stops delivery and unsubscribes")
    func disposeEarly() {
      expectNoLeaks {
        let (events, subscriptions) = runHot(
          [
            .next(210, 2), .next(290, 3), Recorded<Int, TestError>.completed(400),
          ], disposed: 250
        ) { $0.map { $0 * 10 } }
        #expect(events == [.next(210, 20)])
        #expect(subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("a throwing transform fails the signal and runs no more user code")
    func throwing() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), .next(230, 3), Recorded<Int, TestError>.completed(300),
        ])
        var calls = 0
        let res = scheduler.start {
          xs.signal.map { (value: Int) throws(TestError) -> Int in
            calls += 1
            if value == 2 { throw TestError("two") }
            return value
          }
        }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("two"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(calls == 2)
      }
    }

    @Test("compactMap drops nils")
    func compactMap() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, "1"), .next(220, "x"), .next(230, "3"), Recorded<String, Never>.completed(300),
        ])
        let res = scheduler.start { xs.signal.compactMap { Int($0) } }
        #expect(res.events == [.next(210, 1), .next(230, 3), .completed(300)])
      }
    }

    @Test("mapError transforms the failure only")
    func mapError() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), Recorded<Int, TestError>.failed(220, TestError("a")),
        ])
        let res = scheduler.start { xs.signal.mapError { TestError("mapped " + $0.name) } }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("mapped a"))])
      }
    }

    @Test("from(sequence) stops pulling when the subscription ends")
    func fromStopsPulling() {
      expectNoLeaks {
        var pulled = 0
        let infinite = (0...).lazy.map { value -> Int in
          pulled += 1
          return value
        }
        var received: [Int] = []
        var failure: TestError?
        Signal<Int, TestError>.from(infinite)
          .map { (value: Int) throws(TestError) -> Int in
            if value == 3 { throw TestError("enough") }
            return value * 2
          }
          .subscribe(next: { received.append($0) }, error: { failure = $0 })
        #expect(received == [0, 2, 4])
        #expect(failure == TestError("enough"))
        #expect(pulled == 4)
      }
    }
  }
}

extension ReactiveTests.MapTests {
  @Test("a non-throwing closure lets the failure type come from context")
  func failureFromContext() {
    let mapped: Signal<Int, TestError> = .just(1).map { $0 + 1 }
    let filtered: Signal<Int, TestError> = .just(2).filter { $0 > 1 }
    let compact: Signal<Int, TestError> = Signal.just("3").compactMap { Int($0) }
    var values: [Int] = []
    for signal in [mapped, filtered, compact] { signal.subscribe(next: { values.append($0) }) }
    #expect(values == [2, 2, 3])
  }
}
