import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("amb")
  struct AmbTests {
    typealias R = Recorded<Int, TestError>

    @Test("never: no events, every source stays subscribed until disposal")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let ys = scheduler.createHotSignal([R.next(150, 2)])
        let res = scheduler.start { Signal.amb([xs.signal, ys.signal]) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(ys.subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("the first source to send a value wins; the other is disposed at that moment")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(230, 1), .next(250, 2), .completed(300)])
        let ys = scheduler.createHotSignal([R.next(220, 10), .next(240, 20), .completed(350)])
        let res = scheduler.start { xs.signal.amb(ys.signal) }
        #expect(res.events == [.next(220, 10), .next(240, 20), .completed(350)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(200, 350)])
      }
    }

    @Test("a failure before any value wins too: the result fails")
    func failureWins() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.failed(215, TestError("x"))])
        let ys = scheduler.createHotSignal([R.next(220, 10)])
        let res = scheduler.start { Signal.amb([xs.signal, ys.signal]) }
        #expect(res.events == [.failed(215, TestError("x"))])
        #expect(xs.subscriptions == [Subscription(200, 215)])
        #expect(ys.subscriptions == [Subscription(200, 215)])
      }
    }

    @Test("a completion before any value wins: the result completes empty")
    func completionWins() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(220, 1)])
        let ys = scheduler.createHotSignal([R.completed(210)])
        let res = scheduler.start { Signal.amb([xs.signal, ys.signal]) }
        #expect(res.events == [.completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
      }
    }

    @Test("disposing before any event disposes every source")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(230, 1)])
        let ys = scheduler.createHotSignal([R.next(240, 2)])
        let res = scheduler.start(disposed: 210) { Signal.amb([xs.signal, ys.signal]) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(200, 210)])
      }
    }

    @Test("a source that sends while subscribed wins before later ones are subscribed")
    func synchronousWinner() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let ys = scheduler.createHotSignal([R.next(210, 2)])
        let res = scheduler.start { Signal.amb([.just(1), ys.signal]) }
        #expect(res.events == [.next(200, 1), .completed(200)])
        #expect(ys.subscriptions == [])
      }
    }

    @Test("no sources completes at once; one source is that source")
    func degenerate() {
      expectNoLeaks {
        var events: [Event<Int, TestError>] = []
        Signal<Int, TestError>.amb([]).subscribe(Observer { events.append($0) })
        #expect(events == [.completed])
        events = []
        Signal<Int, TestError>.amb([.just(3)]).subscribe(Observer { events.append($0) })
        #expect(events == [.next(3), .completed])
      }
    }
  }
}
