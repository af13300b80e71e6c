import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  /// The collection forms of `combineLatest` and `zip`, and the result-selector forms of
  /// both and of `withLatest(from:)`.
  @Suite("combineLatest and zip over collections, with result selectors")
  struct CombiningCollectionTests {
    typealias R = Recorded<Int, TestError>

    @Test("combineLatest([]): never, every source subscribed until disposal")
    func combineNever() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let sources = (0..<3).map { _ in scheduler.createHotSignal([R.next(150, 1)]) }
        let res = scheduler.start { Signal.combineLatest(sources.map(\.signal)) }
        #expect(res.events.isEmpty)
        for source in sources { #expect(source.subscriptions == [Subscription(200, 1000)]) }
      }
    }

    @Test("combineLatest([]): an empty collection sends one empty array and completes")
    func combineEmptyCollection() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let none: [Signal<Int, TestError>] = []
        let res = scheduler.start { Signal.combineLatest(none) }
        #expect(res.events == [.next(200, []), .completed(200)])
        let transformed = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) {
          Signal.combineLatest(none, transform: { $0.count })
        }
        #expect(transformed.events == [.next(1200, 0), .completed(1200)])
      }
    }

    @Test("combineLatest([]): a source completing without a value completes at once")
    func combineEmptySource() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1)])
        let ys = scheduler.createHotSignal([R.completed(220)])
        let zs = scheduler.createHotSignal([R.next(230, 3)])
        let res = scheduler.start { Signal.combineLatest([xs.signal, ys.signal, zs.signal]) }
        #expect(res.events == [.completed(220)])
        #expect(zs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("combineLatest([]): the latest of each, in collection order, once all have sent")
    func combineValues() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(240, 4), .completed(300)])
        let ys = scheduler.createHotSignal([R.next(220, 2), .completed(250)])
        let zs = scheduler.createHotSignal([R.next(230, 3), .next(260, 6), .completed(400)])
        let res = scheduler.start { Signal.combineLatest([xs.signal, ys.signal, zs.signal]) }
        #expect(
          res.events == [
            .next(230, [1, 2, 3]), .next(240, [4, 2, 3]), .next(260, [4, 2, 6]), .completed(400),
          ])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
        #expect(zs.subscriptions == [Subscription(200, 400)])
      }
    }

    @Test("combineLatest([]): a failure fails at once and unsubscribes every source")
    func combineFailure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(260, 2)])
        let ys = scheduler.createHotSignal([R.next(220, 2), .failed(250, TestError("x"))])
        let res = scheduler.start { Signal.combineLatest([xs.signal, ys.signal]) }
        #expect(res.events == [.next(220, [1, 2]), .failed(250, TestError("x"))])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("combineLatest([]): disposing early unsubscribes every source")
    func combineDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(260, 2)])
        let ys = scheduler.createHotSignal([R.next(220, 2), .next(270, 3)])
        let res = scheduler.start(disposed: 250) { Signal.combineLatest([xs.signal, ys.signal]) }
        #expect(res.events == [.next(220, [1, 2])])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("combineLatest([], transform:): a thrown error fails and unsubscribes")
    func combineTransformThrows() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(230, -1), .next(240, 5)])
        let ys = scheduler.createHotSignal([R.next(220, 2)])
        let res = scheduler.start {
          Signal.combineLatest(
            [xs.signal, ys.signal],
            transform: { (values: [Int]) throws(TestError) -> Int in
              if values.contains(where: { $0 < 0 }) { throw TestError("negative") }
              return values.reduce(0, +)
            })
        }
        #expect(res.events == [.next(220, 3), .failed(230, TestError("negative"))])
        #expect(xs.subscriptions == [Subscription(200, 230)])
      }
    }

    @Test("combineLatest with a result selector: two-source and variadic forms")
    func combineSelectors() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(230, 3), .completed(300)])
        let ys = scheduler.createHotSignal([R.next(220, 10), .completed(250)])
        let pair = scheduler.start { xs.signal.combineLatest(with: ys.signal) { $0 * $1 } }
        #expect(pair.events == [.next(220, 10), .next(230, 30), .completed(300)])
        let other = TestScheduler()
        let us = other.createHotSignal([R.next(210, 1), .next(230, 3), .completed(300)])
        let vs = other.createHotSignal([R.next(220, 10), .completed(250)])
        let ws = other.createHotSignal([R.next(225, 100), .completed(260)])
        let three = other.start {
          Signal.combineLatest(us.signal, vs.signal, ws.signal) { $0 + $1 + $2 }
        }
        #expect(three.events == [.next(225, 111), .next(230, 113), .completed(300)])
      }
    }

    @Test("combineLatest with a result selector: a thrown error fails the signal")
    func combineSelectorThrows() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(230, 0)])
        let ys = scheduler.createHotSignal([R.next(220, 10)])
        let res = scheduler.start {
          xs.signal.combineLatest(with: ys.signal) { (x: Int, y: Int) throws(TestError) -> Int in
            guard x != 0 else { throw TestError("zero") }
            return y / x
          }
        }
        #expect(res.events == [.next(220, 10), .failed(230, TestError("zero"))])
        #expect(ys.subscriptions == [Subscription(200, 230)])
      }
    }

    @Test("combineLatest of no signals: the empty tuple, then completion")
    func combineVariadicNone() {
      expectNoLeaks {
        var events = 0
        var completed = false
        Signal<(), TestError>.combineLatest().subscribe(
          next: { events += 1 }, completed: { completed = true })
        #expect(events == 1)
        #expect(completed)
      }
    }

    @Test("zip([]): pairs the n-th values in collection order; RAC's completion rule")
    func zipValues() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
        ])
        let ys = scheduler.createHotSignal([R.next(215, 10), .next(250, 20), .completed(400)])
        let zs = scheduler.createHotSignal([R.next(212, 100), .next(260, 200), .next(270, 300)])
        let res = scheduler.start { Signal.zip([xs.signal, ys.signal, zs.signal]) }
        // xs completed at 240 with 2 and 3 queued; the second triple forms at 260, and
        // then xs has 3 left: it can still pair, so nothing ends until ys completes at
        // 400 with nothing queued.
        #expect(
          res.events == [.next(215, [1, 10, 100]), .next(260, [2, 20, 200]), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(zs.subscriptions == [Subscription(200, 400)])
      }
    }

    @Test("zip([]): never, an empty collection, a failure, disposing early")
    func zipMatrix() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let ys = scheduler.createHotSignal([R.next(210, 1)])
        let never = scheduler.start { Signal.zip([xs.signal, ys.signal]) }
        #expect(never.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])

        let none: [Signal<Int, TestError>] = []
        let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) {
          Signal.zip(none)
        }
        #expect(empty.events == [.completed(1200)])

        let us = scheduler.createHotSignal([R.next(1410, 1), .failed(1420, TestError("x"))])
        let vs = scheduler.createHotSignal([R.next(1415, 2), .next(1430, 3)])
        let failed = scheduler.start(created: 1300, subscribed: 1400, disposed: 1500) {
          Signal.zip([us.signal, vs.signal], transform: { $0.reduce(0, +) })
        }
        #expect(failed.events == [.next(1415, 3), .failed(1420, TestError("x"))])
        #expect(vs.subscriptions == [Subscription(1400, 1420)])

        let ps = scheduler.createHotSignal([R.next(1610, 1), .next(1630, 2)])
        let qs = scheduler.createHotSignal([R.next(1615, 2), .next(1640, 3)])
        let disposed = scheduler.start(created: 1500, subscribed: 1600, disposed: 1620) {
          Signal.zip([ps.signal, qs.signal])
        }
        #expect(disposed.events == [.next(1615, [1, 2])])
        #expect(ps.subscriptions == [Subscription(1600, 1620)])
        #expect(qs.subscriptions == [Subscription(1600, 1620)])
      }
    }

    @Test("zip with a result selector: two-source and variadic forms; a throw fails")
    func zipSelectors() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .next(220, 2), .completed(300)])
        let ys = scheduler.createHotSignal([R.next(215, 10), .next(230, 20), .completed(250)])
        let pair = scheduler.start { xs.signal.zip(with: ys.signal) { $0 + $1 } }
        #expect(pair.events == [.next(215, 11), .next(230, 22), .completed(250)])

        let other = TestScheduler()
        let us = other.createHotSignal([R.next(210, 1), .next(220, 0)])
        let vs = other.createHotSignal([R.next(215, 10), .next(230, 20)])
        let ws = other.createHotSignal([R.next(216, 5), .next(231, 6)])
        let three = other.start {
          Signal.zip(us.signal, vs.signal, ws.signal) {
            (u: Int, v: Int, w: Int) throws(TestError) -> Int in
            guard u != 0 else { throw TestError("zero") }
            return u * v + w
          }
        }
        #expect(three.events == [.next(216, 15), .failed(231, TestError("zero"))])
        #expect(us.subscriptions == [Subscription(200, 231)])
      }
    }

    @Test("withLatest(from:) with a result selector; a throw fails and unsubscribes both")
    func withLatestSelector() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(230, 2), .next(250, 3), .completed(300),
        ])
        let ys = scheduler.createHotSignal([R.next(220, 10), .next(240, 20)])
        let res = scheduler.start { xs.signal.withLatest(from: ys.signal) { $1 } }
        #expect(res.events == [.next(230, 10), .next(250, 20), .completed(300)])

        let other = TestScheduler()
        let us = other.createHotSignal([R.next(230, 2), .next(250, 0)])
        let vs = other.createHotSignal([R.next(220, 10)])
        let thrown = other.start {
          us.signal.withLatest(from: vs.signal) { (u: Int, v: Int) throws(TestError) -> Int in
            guard u != 0 else { throw TestError("zero") }
            return v / u
          }
        }
        #expect(thrown.events == [.next(230, 5), .failed(250, TestError("zero"))])
        #expect(us.subscriptions == [Subscription(200, 250)])
        #expect(vs.subscriptions == [Subscription(200, 250)])
      }
    }

    /// Each result-selector form, applied to two hot signals: the operators whose
    /// selectors the matrix below runs through never, empty, failure and dispose.
    static var selectorForms:
      [(String, (Signal<Int, TestError>, Signal<Int, TestError>) -> Signal<Int, TestError>)]
    {
      [
        ("combineLatest(with:_:)", { $0.combineLatest(with: $1) { $0 &+ $1 } }),
        ("combineLatest(_:_:transform:)", { Signal.combineLatest($0, $1) { $0 &+ $1 } }),
        ("combineLatest([], transform:)", { Signal.combineLatest([$0, $1]) { $0.reduce(0, &+) } }),
        ("zip(with:_:)", { $0.zip(with: $1) { $0 &+ $1 } }),
        ("zip(_:_:transform:)", { Signal.zip($0, $1) { $0 &+ $1 } }),
        ("zip([], transform:)", { Signal.zip([$0, $1]) { $0.reduce(0, &+) } }),
        ("withLatest(from:_:)", { $0.withLatest(from: $1) { $0 &+ $1 } }),
      ]
    }

    @Test("result selectors: never, empty, failure and disposal as the plain forms")
    func selectorMatrix() {
      for (name, combine) in Self.selectorForms {
        expectNoLeaks {
          let scheduler = TestScheduler()
          let xs = scheduler.createHotSignal([R.next(150, 1)])
          let ys = scheduler.createHotSignal([R.next(150, 2)])
          let never = scheduler.start { combine(xs.signal, ys.signal) }
          #expect(never.events == [], "\(name)")
          #expect(xs.subscriptions == [Subscription(200, 1000)], "\(name)")

          let empty = scheduler.createHotSignal([R.completed(1210)])
          let other = scheduler.createHotSignal([R.next(1220, 2), .completed(1230)])
          let completed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            combine(empty.signal, other.signal)
          }
          // withLatest(from:) completes with its source; the others as soon as a source
          // ends with nothing to combine.
          #expect(completed.events == [.completed(1210)], "\(name)")

          let failing = scheduler.createHotSignal([R.next(2210, 1), .failed(2240, TestError("x"))])
          let partner = scheduler.createHotSignal([R.next(2205, 10), .next(2250, 20)])
          let failed = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
            combine(failing.signal, partner.signal)
          }
          #expect(failed.events == [.next(2210, 11), .failed(2240, TestError("x"))], "\(name)")
          #expect(partner.subscriptions == [Subscription(2200, 2240)], "\(name)")

          let us = scheduler.createHotSignal([R.next(3210, 1), .next(3260, 2)])
          let vs = scheduler.createHotSignal([R.next(3205, 10), .next(3270, 20)])
          let disposed = scheduler.start(created: 3100, subscribed: 3200, disposed: 3250) {
            combine(us.signal, vs.signal)
          }
          #expect(disposed.events == [.next(3210, 11)], "\(name)")
          #expect(us.subscriptions == [Subscription(3200, 3250)], "\(name)")
          #expect(vs.subscriptions == [Subscription(3200, 3250)], "\(name)")
        }
      }
    }
  }
}
