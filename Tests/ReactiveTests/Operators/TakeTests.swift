import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("take, take(while:), first, last")
  struct TakeTests {
    // MARK: take(_:)

    @Test("take: never sends nothing")
    func takeNever() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.next(150, 1)]) { $0.take(2) }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("take: empty completes")
    func takeEmpty() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 1), Recorded<Int, TestError>.completed(300),
        ]) { $0.take(2) }
        #expect(events == [.completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("take: completes right after the count-th value and disposes upstream then")
    func takeValues() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4),
          Recorded<Int, TestError>.completed(300),
        ]) { $0.take(2) }
        #expect(events == [.next(210, 2), .next(220, 3), .completed(220)])
        #expect(subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("take: fewer values than count pass through with the completion")
    func takeFewer() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([
          .next(10, 1), Recorded<Int, TestError>.completed(20),
        ])
        let res = scheduler.start { xs.signal.take(5) }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("take(0) completes at once without subscribing upstream")
    func takeZero() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), Recorded<Int, TestError>.completed(300),
        ]) { $0.take(0) }
        #expect(events == [.completed(200)])
        #expect(subscriptions == [])
      }
    }

    @Test("take: failure passes through")
    func takeFailure() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), Recorded<Int, TestError>.failed(220, TestError("boom")), .next(230, 2),
        ]) { $0.take(3) }
        #expect(events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("take: disposing early unsubscribes")
    func takeDisposeEarly() {
      expectNoLeaks {
        let (events, subscriptions) = runHot(
          [
            .next(210, 1), .next(260, 2), Recorded<Int, TestError>.completed(300),
          ], disposed: 250
        ) { $0.take(3) }
        #expect(events == [.next(210, 1)])
        #expect(subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("take: a synchronous infinite source stops being pulled")
    func takeSynchronousInfinite() {
      expectNoLeaks {
        var pulled = 0
        let naturals = (0...).lazy.map { value -> Int in
          pulled += 1
          return value
        }
        var received: [Int] = []
        var completions = 0
        Signal<Int, Never>.from(naturals).take(3).map { $0 * 10 }
          .subscribe(next: { received.append($0) }, completed: { completions += 1 })
        #expect(received == [0, 10, 20])
        #expect(completions == 1)
        #expect(pulled == 3)
      }
    }

    @Test("take: a producer that ignores its lifetime gets nothing through after the end")
    func takeRogueProducer() {
      expectNoLeaks {
        var disposed = 0
        let rogue = Signal<Int, TestError> { observer, _ in
          for value in 1...5 { observer.send(value) }
          observer.send(error: TestError("late"))
          return AnyDisposable { disposed += 1 }
        }
        var events: [Event<Int, TestError>] = []
        rogue.take(2).subscribe(Observer { events.append($0) })
        #expect(events == [.next(1), .next(2), .completed])
        #expect(disposed == 1)
      }
    }

    @Test("take: a value sent re-entrantly by the observer is not delivered past the count")
    func takeReentrant() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        var received: [Int] = []
        subject.signal.take(2).subscribe(next: { value in
          received.append(value)
          if value < 10 { subject.send(value + 10) }
        })
        subject.send(1)
        subject.send(2)
        #expect(received == [1, 11])
      }
    }

    // MARK: take(while:)

    @Test("take(while:): never and empty")
    func takeWhileNeverEmpty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([Recorded<Int, TestError>.next(150, 1)])
        let never = scheduler.start { xs.signal.take(while: { $0 < 5 }) }
        #expect(never.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])

        let ys = scheduler.createHotSignal([Recorded<Int, TestError>.completed(1300)])
        let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          ys.signal.take(while: { $0 < 5 })
        }
        #expect(empty.events == [.completed(1300)])
        #expect(ys.subscriptions == [Subscription(1200, 1300)])
      }
    }

    @Test("take(while:): completes at the first rejected value, which is dropped")
    func takeWhileValues() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), .next(230, 7), .next(240, 3),
          Recorded<Int, TestError>.completed(300),
        ])
        var calls = 0
        let res = scheduler.start {
          xs.signal.take(while: { value in
            calls += 1
            return value < 5
          })
        }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(calls == 3)
      }
    }

    @Test("take(while:): failure passes through")
    func takeWhileFailure() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), Recorded<Int, TestError>.failed(220, TestError("boom")),
        ]) { $0.take(while: { $0 < 5 }) }
        #expect(events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("take(while:): disposing early unsubscribes and stops calling the predicate")
    func takeWhileDisposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(260, 2), Recorded<Int, TestError>.completed(300),
        ])
        var calls = 0
        let res = scheduler.start(disposed: 250) {
          xs.signal.take(while: { _ in
            calls += 1
            return true
          })
        }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(calls == 1)
      }
    }

    @Test("take(while:): a throwing predicate fails the signal")
    func takeWhileThrowing() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), .next(230, 3), Recorded<Int, TestError>.completed(300),
        ])
        var calls = 0
        let res = scheduler.start {
          xs.signal.take(while: { (value: Int) throws(TestError) -> Bool in
            calls += 1
            if value == 2 { throw TestError("two") }
            return true
          })
        }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("two"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(calls == 2)
      }
    }

    // MARK: first, last

    @Test("first: the first value, then completion; empty completes")
    func first() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), Recorded<Int, TestError>.completed(300),
        ])
        let res = scheduler.start { xs.signal.first() }
        #expect(res.events == [.next(210, 1), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])

        var events: [Event<Int, Never>] = []
        Signal<Int, Never>.empty().first().subscribe(Observer { events.append($0) })
        #expect(events == [.completed])
      }
    }

    @Test("last: never sends nothing")
    func lastNever() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.next(150, 1)]) { $0.last() }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("last: empty completes without a value")
    func lastEmpty() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.completed(250)]) {
          $0.last()
        }
        #expect(events == [.completed(250)])
        #expect(subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("last: the last value is sent at completion")
    func lastValues() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), .next(220, 2), Recorded<Int, TestError>.completed(300),
        ]) { $0.last() }
        #expect(events == [.next(300, 2), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("last: failure passes through and drops the last value")
    func lastFailure() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), Recorded<Int, TestError>.failed(220, TestError("boom")),
        ]) { $0.last() }
        #expect(events == [.failed(220, TestError("boom"))])
        #expect(subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("last: disposing early sends nothing")
    func lastDisposeEarly() {
      expectNoLeaks {
        let (events, subscriptions) = runHot(
          [
            .next(210, 1), Recorded<Int, TestError>.completed(300),
          ], disposed: 250
        ) { $0.last() }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 250)])
      }
    }
  }
}
