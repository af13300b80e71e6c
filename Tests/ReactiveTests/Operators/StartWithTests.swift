import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("startWith")
  struct StartWithTests {
    @Test("never: the start values, then nothing")
    func never() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.next(150, 1)]) {
          $0.startWith(7, 8)
        }
        #expect(events == [.next(200, 7), .next(200, 8)])
        #expect(subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty: the start values, then completion")
    func empty() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.completed(300)]) {
          $0.startWith(7)
        }
        #expect(events == [.next(200, 7), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("values: the start values come first, then the signal's own")
    func values() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 1), .next(210, 2), .next(220, 3), Recorded<Int, TestError>.completed(300),
        ]) { $0.startWith(0) }
        #expect(events == [.next(200, 0), .next(210, 2), .next(220, 3), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("no start values: the signal alone")
    func noValues() {
      expectNoLeaks {
        var received: [Int] = []
        Signal<Int, Never>.from([1, 2]).startWith().subscribe(next: { received.append($0) })
        #expect(received == [1, 2])
      }
    }

    @Test("failure passes through after the start values")
    func failure() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), Recorded<Int, TestError>.failed(220, TestError("boom")),
        ]) { $0.startWith(0) }
        #expect(events == [.next(200, 0), .next(210, 1), .failed(220, TestError("boom"))])
        #expect(subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("disposing early unsubscribes")
    func disposeEarly() {
      expectNoLeaks {
        let (events, subscriptions) = runHot(
          [
            .next(210, 1), .next(260, 2), Recorded<Int, TestError>.completed(300),
          ], disposed: 250
        ) { $0.startWith(0) }
        #expect(events == [.next(200, 0), .next(210, 1)])
        #expect(subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("ending during the start values sends no more and never subscribes upstream")
    func endsDuringStartValues() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), Recorded<Int, TestError>.completed(300),
        ]) { $0.startWith(5, 6, 7).take(2) }
        #expect(events == [.next(200, 5), .next(200, 6), .completed(200)])
        #expect(subscriptions == [])
      }
    }

    @Test("each subscription gets the start values")
    func perSubscription() {
      expectNoLeaks {
        let signal = Signal<Int, Never>.just(3).startWith(1, 2)
        var first: [Int] = []
        var second: [Int] = []
        signal.subscribe(next: { first.append($0) })
        signal.subscribe(next: { second.append($0) })
        #expect(first == [1, 2, 3])
        #expect(second == [1, 2, 3])
      }
    }
  }
}
