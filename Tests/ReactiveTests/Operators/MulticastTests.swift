import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("replay(_:), publish() and connect()")
  struct ReplayTests {
    typealias R = Recorded<Int, TestError>

    @Test("nothing subscribes upstream until connect(); connect() is idempotent")
    func connectOnce() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(230, 2), .completed(300)])
        let connection = xs.signal.replay(1)
        let a = scheduler.createObserver(Int.self, TestError.self)
        let subscription = connection.signal.subscribe(a.observer)
        scheduler.advance(to: 220)
        #expect(xs.subscriptions == [])
        let first = connection.connect()
        let second = connection.connect()
        #expect(first === second)
        scheduler.run()
        #expect(a.events == [.next(230, 2), .completed(300)])
        #expect(xs.subscriptions == [Subscription(220, 300)])
        subscription.dispose()
      }
    }

    @Test("late observers get the latest bufferSize values, then the live ones")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])
        let connection = xs.signal.replay(2)
        let a = scheduler.createObserver(Int.self, TestError.self)
        let b = scheduler.createObserver(Int.self, TestError.self)
        let c = scheduler.createObserver(Int.self, TestError.self)
        connection.signal.subscribe(a.observer)
        scheduler.schedule(at: 205) { connection.connect() }
        scheduler.schedule(at: 235) { connection.signal.subscribe(b.observer) }
        scheduler.schedule(at: 400) { connection.signal.subscribe(c.observer) }
        scheduler.run()
        #expect(
          a.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        #expect(b.events == [.next(235, 2), .next(235, 3), .next(240, 4), .completed(300)])
        #expect(c.events == [.next(400, 3), .next(400, 4), .completed(400)])
        #expect(xs.subscriptions == [Subscription(205, 300)])
      }
    }

    @Test("never and empty: nothing, or completion, shared")
    func neverAndEmpty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let never = xs.signal.replay(1)
        let res = scheduler.start(disposed: 500) { never.signal }
        #expect(res.events == [])
        let other = TestScheduler()
        let ys = other.createHotSignal([R.completed(600)])
        let empty = ys.signal.publish()
        empty.connect()
        let late = other.start(created: 550, subscribed: 560, disposed: 700) { empty.signal }
        #expect(late.events == [.completed(600)])
        #expect(ys.subscriptions == [Subscription(0, 600)])
      }
    }

    @Test("failure reaches every observer, and late ones after the replayed values")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(220, TestError("boom"))])
        let connection = xs.signal.replay(5)
        connection.connect()
        let late = scheduler.start(created: 300, subscribed: 300, disposed: 400) {
          connection.signal
        }
        #expect(late.events == [.next(300, 1), .failed(300, TestError("boom"))])
        #expect(xs.subscriptions == [Subscription(0, 220)])
      }
    }

    @Test("disposing an observer leaves the connection; disposing the connection ends it")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(230, 2), .next(250, 3)])
        let connection = xs.signal.publish()
        let a = scheduler.createObserver(Int.self, TestError.self)
        let b = scheduler.createObserver(Int.self, TestError.self)
        let subscriptionA = connection.signal.subscribe(a.observer)
        connection.signal.subscribe(b.observer)
        let connected = connection.connect()
        scheduler.schedule(at: 220) { subscriptionA.dispose() }
        scheduler.schedule(at: 240) { connected.dispose() }
        scheduler.run()
        #expect(a.events == [.next(210, 1)])
        #expect(b.events == [.next(210, 1), .next(230, 2)])
        #expect(xs.subscriptions == [Subscription(0, 240)])
      }
    }
  }

  @Suite("share(replay:)")
  struct ShareTests {
    typealias R = Recorded<Int, TestError>

    @Test("the first observer connects, the last one to leave disconnects")
    func refCount() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(225, 2), .next(245, 3), .next(270, 4),
        ])
        let shared = xs.signal.share()
        let b = scheduler.createObserver(Int.self, TestError.self)
        let c = scheduler.createObserver(Int.self, TestError.self)
        // A second period: b and c share one new upstream subscription.
        scheduler.schedule(at: 240) {
          let subscriptionB = shared.subscribe(b.observer)
          scheduler.schedule(at: 250) { subscriptionB.dispose() }
        }
        scheduler.schedule(at: 242) {
          let subscriptionC = shared.subscribe(c.observer)
          scheduler.schedule(at: 280) { subscriptionC.dispose() }
        }
        let a = scheduler.start(created: 100, subscribed: 200, disposed: 230) { shared }
        #expect(a.events == [.next(210, 1), .next(225, 2)])
        #expect(b.events == [.next(245, 3)])
        #expect(c.events == [.next(245, 3), .next(270, 4)])
        #expect(xs.subscriptions == [Subscription(200, 230), Subscription(240, 280)])
      }
    }

    @Test("replays only while connected: the buffer resets when the last observer leaves")
    func replayWhileConnected() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(220, 2), .next(260, 3), .completed(300),
        ])
        let shared = xs.signal.share(replay: 1)
        let b = scheduler.createObserver(Int.self, TestError.self)
        let c = scheduler.createObserver(Int.self, TestError.self)
        scheduler.schedule(at: 225) {
          let subscription = shared.subscribe(b.observer)
          scheduler.schedule(at: 240) { subscription.dispose() }
        }
        scheduler.schedule(at: 250) { shared.subscribe(c.observer) }
        let a = scheduler.start(created: 100, subscribed: 200, disposed: 240) { shared }
        #expect(a.events == [.next(210, 1), .next(220, 2)])
        #expect(b.events == [.next(225, 2)])
        #expect(c.events == [.next(260, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 240), Subscription(250, 300)])
      }
    }

    @Test("never, empty: one upstream subscription for all observers")
    func neverAndEmpty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.completed(300)])
        let shared = xs.signal.share(replay: 2)
        let a = scheduler.start(created: 100, subscribed: 200, disposed: 1000) { shared }
        let ys = scheduler.createHotSignal([R.next(1500, 1)])
        let sharedNever = ys.signal.share()
        let b = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) { sharedNever }
        #expect(a.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(b.events == [])
        #expect(ys.subscriptions == [Subscription(1200, 1300)])
      }
    }

    @Test("failure reaches every observer and disconnects")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(220, TestError("boom"))])
        let shared = xs.signal.share(replay: 1)
        let b = scheduler.createObserver(Int.self, TestError.self)
        scheduler.schedule(at: 215) { shared.subscribe(b.observer) }
        let a = scheduler.start { shared }
        #expect(a.events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(b.events == [.next(215, 1), .failed(220, TestError("boom"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("a synchronous source: each observer after it finished connects afresh")
    func synchronousSource() {
      expectNoLeaks {
        var subscriptions = 0
        let source = Signal<Int, TestError>.deferred {
          subscriptions += 1
          return .from([1, 2, 3])
        }
        let shared = source.share(replay: 1)
        var first: [Int] = []
        var second: [Int] = []
        shared.subscribe(next: { first.append($0) })
        shared.subscribe(next: { second.append($0) })
        #expect(first == [1, 2, 3])
        #expect(second == [1, 2, 3])
        #expect(subscriptions == 2)
      }
    }

    @Test("disposing an observer early does not disturb the others")
    func disposeEarly() {
      expectNoLeaks {
        let subject = PublishSubject<Int, TestError>()
        let shared = subject.signal.share()
        var a: [Int] = []
        var b: [Int] = []
        let subscriptionA = shared.subscribe(next: { a.append($0) })
        let subscriptionB = shared.subscribe(next: { b.append($0) })
        subject.send(1)
        subscriptionA.dispose()
        subject.send(2)
        subscriptionB.dispose()
        subject.send(3)
        #expect(a == [1])
        #expect(b == [1, 2])
      }
    }
  }

  @Suite("share(replay:scope: .forever)")
  struct ShareForeverTests {
    typealias R = Recorded<Int, TestError>

    @Test("never: one upstream subscription while observed, none after")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let res = scheduler.start { xs.signal.share(replay: 1, scope: .forever) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty: the completion, and later observers get it without a new subscription")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.completed(300)])
        let shared = xs.signal.share(replay: 1, scope: .forever)
        let late = scheduler.createObserver(Int.self, TestError.self)
        scheduler.schedule(at: 400) { shared.subscribe(late.observer) }
        let res = scheduler.start { shared }
        #expect(res.events == [.completed(300)])
        #expect(late.events == [.completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("values: a reconnecting observer is sent what the earlier connection kept")
    func staleBufferAcrossConnections() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(220, 2), .next(260, 3), .completed(300),
        ])
        let shared = xs.signal.share(replay: 2, scope: .forever)
        let b = scheduler.createObserver(Int.self, TestError.self)
        let c = scheduler.createObserver(Int.self, TestError.self)
        scheduler.schedule(at: 250) { shared.subscribe(b.observer) }
        scheduler.schedule(at: 350) { shared.subscribe(c.observer) }
        let a = scheduler.start(disposed: 230) { shared }
        #expect(a.events == [.next(210, 1), .next(220, 2)])
        #expect(b.events == [.next(250, 1), .next(250, 2), .next(260, 3), .completed(300)])
        #expect(c.events == [.next(350, 2), .next(350, 3), .completed(350)])
        #expect(xs.subscriptions == [Subscription(200, 230), Subscription(250, 300)])
      }
    }

    @Test("failure: every observer, later ones after the buffer; never subscribed again")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(220, TestError("boom"))])
        let shared = xs.signal.share(replay: 1, scope: .forever)
        let late = scheduler.createObserver(Int.self, TestError.self)
        scheduler.schedule(at: 300) { shared.subscribe(late.observer) }
        let res = scheduler.start { shared }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(late.events == [.next(300, 1), .failed(300, TestError("boom"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("disposing the last observer disconnects; the buffer stays for the next")
    func disposeEarly() {
      expectNoLeaks {
        let subject = PublishSubject<Int, TestError>()
        let shared = subject.signal.share(replay: 1, scope: .forever)
        var a: [Int] = []
        var b: [Int] = []
        let subscriptionA = shared.subscribe(next: { a.append($0) })
        subject.send(1)
        subscriptionA.dispose()
        subject.send(2)  // nobody connected: not kept
        let subscriptionB = shared.subscribe(next: { b.append($0) })
        subject.send(3)
        subscriptionB.dispose()
        #expect(a == [1])
        #expect(b == [1, 3])
      }
    }
  }
}
