import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("distinctUntilChanged")
  struct DistinctTests {
    @Test("never sends nothing")
    func never() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.next(150, 1)]) {
          $0.distinctUntilChanged()
        }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty completes")
    func empty() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 1), Recorded<Int, TestError>.completed(300),
        ]) { $0.distinctUntilChanged() }
        #expect(events == [.completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("drops consecutive duplicates only; the first value always passes")
    func values() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 1), .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2),
          .next(250, 1), Recorded<Int, TestError>.completed(300),
        ]) { $0.distinctUntilChanged() }
        #expect(events == [.next(210, 1), .next(230, 2), .next(250, 1), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("optional values: nil is a value like any other")
    func optionals() {
      expectNoLeaks {
        var received: [Int?] = []
        Signal<Int?, Never>.from([nil, nil, 1, 1, nil])
          .distinctUntilChanged()
          .subscribe(next: { received.append($0) })
        #expect(received == [nil, 1, nil])
      }
    }

    @Test("failure passes through")
    func failure() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), .next(215, 1), Recorded<Int, TestError>.failed(220, TestError("boom")),
        ]) { $0.distinctUntilChanged() }
        #expect(events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("disposing early unsubscribes")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(260, 2), Recorded<Int, TestError>.completed(300),
        ])
        var calls = 0
        let res = scheduler.start(disposed: 250) {
          xs.signal.distinctUntilChanged { _, _ in
            calls += 1
            return false
          }
        }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(calls == 0)
      }
    }

    @Test("isEquivalent compares with the last value sent, not the last received")
    func isEquivalent() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 10), .next(220, 11), .next(230, 12), .next(240, 13),
          Recorded<Int, TestError>.completed(300),
        ])
        var compared: [[Int]] = []
        let res = scheduler.start {
          xs.signal.distinctUntilChanged { previous, current in
            compared.append([previous, current])
            return abs(previous - current) < 2
          }
        }
        #expect(res.events == [.next(210, 10), .next(230, 12), .completed(300)])
        #expect(compared == [[10, 11], [10, 12], [12, 13]])
      }
    }

    @Test("by key: compares keys")
    func byKey() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, "apple"), .next(220, "avocado"), .next(230, "banana"), .next(240, "apple"),
          Recorded<String, TestError>.completed(300),
        ])
        let res = scheduler.start { xs.signal.distinctUntilChanged(by: { $0.first }) }
        #expect(
          res.events == [
            .next(210, "apple"), .next(230, "banana"), .next(240, "apple"), .completed(300),
          ])
      }
    }

    @Test("a throwing comparator or key fails the signal and runs no more user code")
    func throwing() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), .next(230, 3), Recorded<Int, TestError>.completed(300),
        ])
        var comparisons = 0
        let res = scheduler.start {
          xs.signal.distinctUntilChanged { (_: Int, current: Int) throws(TestError) -> Bool in
            comparisons += 1
            if current == 2 { throw TestError("compare") }
            return false
          }
        }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("compare"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(comparisons == 1)

        var keys = 0
        var events: [Event<Int, TestError>] = []
        Signal<Int, TestError>.from(1...5)
          .distinctUntilChanged(by: { (value: Int) throws(TestError) -> Int in
            keys += 1
            if value == 3 { throw TestError("key") }
            return value
          })
          .subscribe(Observer { events.append($0) })
        #expect(events == [.next(1), .next(2), .failed(TestError("key"))])
        #expect(keys == 3)
      }
    }
  }
}
