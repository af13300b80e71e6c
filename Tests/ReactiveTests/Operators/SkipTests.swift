import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("skip, skip(while:), ignoreValues")
  struct SkipTests {
    // MARK: skip(_:)

    @Test("skip: never sends nothing")
    func skipNever() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.next(150, 1)]) { $0.skip(2) }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("skip: empty completes")
    func skipEmpty() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 1), Recorded<Int, TestError>.completed(300),
        ]) { $0.skip(2) }
        #expect(events == [.completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("skip: drops the first count values")
    func skipValues() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5),
          Recorded<Int, TestError>.completed(300),
        ]) { $0.skip(2) }
        #expect(events == [.next(230, 4), .next(240, 5), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("skip(0) passes everything")
    func skipZero() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([.next(210, 1), Recorded<Int, TestError>.completed(300)])
        let res = scheduler.start { xs.signal.skip(0) }
        #expect(res.events == [.next(210, 1), .completed(300)])
      }
    }

    @Test("skip: failure passes through, even while skipping")
    func skipFailure() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), Recorded<Int, TestError>.failed(220, TestError("boom")),
        ]) { $0.skip(3) }
        #expect(events == [.failed(220, TestError("boom"))])
        #expect(subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("skip: disposing early unsubscribes")
    func skipDisposeEarly() {
      expectNoLeaks {
        let (events, subscriptions) = runHot(
          [
            .next(210, 1), .next(220, 2), .next(260, 3), Recorded<Int, TestError>.completed(300),
          ], disposed: 250
        ) { $0.skip(1) }
        #expect(events == [.next(220, 2)])
        #expect(subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("skip: each subscription counts anew")
    func skipPerSubscription() {
      expectNoLeaks {
        let skipped = Signal<Int, Never>.from(1...4).skip(2)
        var first: [Int] = []
        var second: [Int] = []
        skipped.subscribe(next: { first.append($0) })
        skipped.subscribe(next: { second.append($0) })
        #expect(first == [3, 4])
        #expect(second == [3, 4])
      }
    }

    // MARK: skip(while:)

    @Test("skip(while:): never sends nothing")
    func skipWhileNever() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.next(150, 1)]) {
          $0.skip(while: { $0 < 5 })
        }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("skip(while:): empty completes")
    func skipWhileEmpty() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.completed(300)]) {
          $0.skip(while: { $0 < 5 })
        }
        #expect(events == [.completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("skip(while:): sends from the first rejected value on, without asking again")
    func skipWhileValues() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), .next(230, 7), .next(240, 3),
          Recorded<Int, TestError>.completed(300),
        ])
        var calls = 0
        let res = scheduler.start {
          xs.signal.skip(while: { value in
            calls += 1
            return value < 5
          })
        }
        #expect(res.events == [.next(230, 7), .next(240, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(calls == 3)
      }
    }

    @Test("skip(while:): failure passes through")
    func skipWhileFailure() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), .next(215, 9), Recorded<Int, TestError>.failed(220, TestError("boom")),
        ]) { $0.skip(while: { $0 < 5 }) }
        #expect(events == [.next(215, 9), .failed(220, TestError("boom"))])
        #expect(subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("skip(while:): disposing early unsubscribes and stops calling the predicate")
    func skipWhileDisposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(260, 2), Recorded<Int, TestError>.completed(300),
        ])
        var calls = 0
        let res = scheduler.start(disposed: 250) {
          xs.signal.skip(while: { _ in
            calls += 1
            return true
          })
        }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(calls == 1)
      }
    }

    @Test("skip(while:): a throwing predicate fails the signal")
    func skipWhileThrowing() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), .next(230, 3), Recorded<Int, TestError>.completed(300),
        ])
        var calls = 0
        let res = scheduler.start {
          xs.signal.skip(while: { (value: Int) throws(TestError) -> Bool in
            calls += 1
            if value == 2 { throw TestError("two") }
            return true
          })
        }
        #expect(res.events == [.failed(220, TestError("two"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(calls == 2)
      }
    }

    // MARK: ignoreValues

    @Test("ignoreValues: only the terminal event passes")
    func ignoreValues() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([Recorded<Int, TestError>.next(210, 1)])
        let never = scheduler.start { xs.signal.ignoreValues() }
        #expect(never.events == [])

        let ys = scheduler.createHotSignal([
          .next(1210, 1), .next(1220, 2), Recorded<Int, TestError>.completed(1300),
        ])
        let completed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          ys.signal.ignoreValues()
        }
        #expect(completed.events == [.completed(1300)])
        #expect(ys.subscriptions == [Subscription(1200, 1300)])

        let zs = scheduler.createHotSignal([
          .next(2210, 1), Recorded<Int, TestError>.failed(2220, TestError("boom")),
        ])
        let failed = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
          zs.signal.ignoreValues()
        }
        #expect(failed.events == [.failed(2220, TestError("boom"))])

        let ws = scheduler.createHotSignal([Recorded<Int, TestError>.completed(3300)])
        let early = scheduler.start(created: 3100, subscribed: 3200, disposed: 3250) {
          ws.signal.ignoreValues()
        }
        #expect(early.events == [])
        #expect(ws.subscriptions == [Subscription(3200, 3250)])
      }
    }
  }
}
