import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("scan, reduce, collect")
  struct ScanTests {
    // MARK: scan

    @Test("scan: never sends nothing")
    func scanNever() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.next(150, 1)]) {
          $0.scan(0, +)
        }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("scan: empty completes without sending the initial state")
    func scanEmpty() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 1), Recorded<Int, TestError>.completed(300),
        ]) { $0.scan(0, +) }
        #expect(events == [.completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("scan: sends every intermediate state")
    func scanValues() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 100), .next(210, 1), .next(220, 2), .next(230, 3),
          Recorded<Int, TestError>.completed(300),
        ]) { $0.scan(0, +) }
        #expect(events == [.next(210, 1), .next(220, 3), .next(230, 6), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("scan(into:): in-place state, and each subscription starts from the initial state")
    func scanInto() {
      expectNoLeaks {
        let scanned = Signal<Int, Never>.from(1...3)
          .scan(into: [Int]()) { (state: inout [Int], value: Int) in state.append(value) }
        var first: [[Int]] = []
        var second: [[Int]] = []
        scanned.subscribe(next: { first.append($0) })
        scanned.subscribe(next: { second.append($0) })
        #expect(first == [[1], [1, 2], [1, 2, 3]])
        #expect(second == first)
      }
    }

    @Test("scan: failure passes through")
    func scanFailure() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), Recorded<Int, TestError>.failed(220, TestError("boom")),
        ]) { $0.scan(0, +) }
        #expect(events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("scan: disposing early unsubscribes")
    func scanDisposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(260, 2), Recorded<Int, TestError>.completed(300),
        ])
        var calls = 0
        let res = scheduler.start(disposed: 250) {
          xs.signal.scan(0) { state, value in
            calls += 1
            return state + value
          }
        }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(calls == 1)
      }
    }

    @Test("scan: a throwing accumulator fails the signal")
    func scanThrowing() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), .next(230, 3), Recorded<Int, TestError>.completed(300),
        ])
        var calls = 0
        let res = scheduler.start {
          xs.signal.scan(0) { (state: Int, value: Int) throws(TestError) -> Int in
            calls += 1
            if value == 2 { throw TestError("two") }
            return state + value
          }
        }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("two"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(calls == 2)
      }
    }

    // MARK: reduce

    @Test("reduce: never sends nothing")
    func reduceNever() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.next(210, 1)]) {
          $0.reduce(0, +)
        }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("reduce: empty sends the initial state")
    func reduceEmpty() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([Recorded<Int, TestError>.completed(300)]) {
          $0.reduce(42, +)
        }
        #expect(events == [.next(300, 42), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("reduce: sends only the final state, at completion")
    func reduceValues() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 100), .next(210, 1), .next(220, 2), .next(230, 3),
          Recorded<Int, TestError>.completed(300),
        ]) { $0.reduce(0, +) }
        #expect(events == [.next(300, 6), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("reduce: failure sends no state")
    func reduceFailure() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(210, 1), Recorded<Int, TestError>.failed(220, TestError("boom")),
        ]) { $0.reduce(0, +) }
        #expect(events == [.failed(220, TestError("boom"))])
        #expect(subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("reduce: disposing early sends nothing and unsubscribes")
    func reduceDisposeEarly() {
      expectNoLeaks {
        let (events, subscriptions) = runHot(
          [
            .next(210, 1), .next(260, 2), Recorded<Int, TestError>.completed(300),
          ], disposed: 250
        ) { $0.reduce(0, +) }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("reduce: a throwing accumulator fails the signal and runs no more user code")
    func reduceThrowing() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), .next(230, 3), Recorded<Int, TestError>.completed(300),
        ])
        var calls = 0
        let res = scheduler.start {
          xs.signal.reduce(0) { (state: Int, value: Int) throws(TestError) -> Int in
            calls += 1
            if value == 2 { throw TestError("two") }
            return state + value
          }
        }
        #expect(res.events == [.failed(220, TestError("two"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(calls == 2)
      }
    }

    @Test("reduce: an optional state that ends as nil is still sent")
    func reduceOptionalState() {
      expectNoLeaks {
        var received: [Int?] = []
        Signal<Int, Never>.from([1, 2]).reduce(Int?.none) { _, _ in nil }
          .subscribe(next: { received.append($0) })
        #expect(received == [nil])
      }
    }

    // MARK: collect

    @Test("collect: all values as one array at completion")
    func collectValues() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3),
          Recorded<Int, TestError>.completed(300),
        ]) { $0.collect() }
        #expect(events == [.next(300, [1, 2, 3]), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("collect: never, empty, failure, dispose early")
    func collectMatrix() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let never = scheduler.createHotSignal([Recorded<Int, TestError>.next(210, 1)])
        let resNever = scheduler.start { never.signal.collect() }
        #expect(resNever.events == [])
        #expect(never.subscriptions == [Subscription(200, 1000)])

        var events: [Event<[Int], TestError>] = []
        Signal<Int, TestError>.empty().collect().subscribe(Observer { events.append($0) })
        #expect(events == [.next([]), .completed])

        events = []
        Signal<Int, TestError> { observer in
          observer.send(1)
          observer.send(error: TestError("boom"))
          return Disposables.empty
        }
        .collect().subscribe(Observer { events.append($0) })
        #expect(events == [.failed(TestError("boom"))])

        let later = TestScheduler()
        let xs = later.createHotSignal([.next(210, 1), Recorded<Int, TestError>.completed(300)])
        let resEarly = later.start(disposed: 250) { xs.signal.collect() }
        #expect(resEarly.events == [])
        #expect(xs.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("collect bridges a signal to a tuple of its values")
    func collectToTuple() {
      expectNoLeaks {
        var pair: (Int, String)?
        Signal<(Int, String), Never>.from([(1, "a"), (2, "b")])
          .collect()
          .map { pairs in (pairs.map(\.0).reduce(0, +), pairs.map(\.1).joined()) }
          .subscribe(next: { pair = $0 })
        #expect(pair?.0 == 3)
        #expect(pair?.1 == "ab")
      }
    }
  }
}
