import Reactive
import ReactiveTesting
import Synchronization
import Testing

extension ReactiveTests {
  /// `signal.map(f).subscribe(next:error:completed:)` subscribes through one guard that
  /// applies `f` itself (no `map` stage of its own); subscribed any other way, the same
  /// signal runs its `map` stage. Each test compares the two, or counts the calls of `f`.
  @Suite("map subscribed with closures: the guard applies the transform")
  struct MapSubscriptionTests {
    /// Makes the other tests meaningful: they test the fused guard only if
    /// `subscribe(next:error:completed:)` on a `map`'s signal returns it.
    @Test("subscribe(next:) on a map's signal returns the guard that applies the transform")
    func fusedPathIsTaken() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        func guardName(_ disposable: Disposable) -> String {
          defer { disposable.dispose() }
          return String(describing: type(of: disposable))
        }
        #expect(
          guardName(subject.signal.map { $0 + 1 }.subscribe(next: { _ in })).hasPrefix(
            "MappingSubscriptionSink<"))
        #expect(guardName(subject.signal.subscribe(next: { _ in })).hasPrefix("SubscriptionSink<"))
        #expect(
          guardName(subject.signal.map { $0 + 1 }.filter { $0 > 0 }.subscribe(next: { _ in }))
            .hasPrefix("SubscriptionSink<"))
        #expect(
          guardName(subject.signal.map { $0 + 1 }.subscribe(Observer { _ in }))
            .hasPrefix("SubscriptionSink<"))
      }
    }

    /// The marble cases of `MapTests`, subscribed both ways: the same events at the same
    /// times, and the source subscribed and released at the same times.
    @Test(
      "closures and observer record the same events and subscriptions",
      arguments: MarbleCase.all)
    func sameAsObserver(_ marbles: MarbleCase) {
      expectNoLeaks {
        let fused = marbles.run(subscribingClosures: true)
        let unfused = marbles.run(subscribingClosures: false)
        #expect(fused.events == marbles.expected)
        #expect(fused.subscriptions == marbles.subscriptions)
        #expect(fused.events == unfused.events)
        #expect(fused.subscriptions == unfused.subscriptions)
        #expect(fused.transforms == marbles.expected.filter { !$0.event.isTerminal }.count)
        #expect(fused.transforms == unfused.transforms)
      }
    }

    @Test("the transform runs once per value, and never after the end")
    func transformOncePerValue() {
      expectNoLeaks {
        let subject = PublishSubject<Int, TestError>()
        var calls: [Int] = []
        var received: [String] = []
        let subscription = subject.signal.map { (value: Int) -> String in
          calls.append(value)
          return "v\(value)"
        }.subscribe(next: { received.append($0) }, completed: { received.append("done") })
        subject.send(1)
        subject.send(2)
        subject.sendCompleted()
        subject.send(3)
        subscription.dispose()
        #expect(calls == [1, 2])
        #expect(received == ["v1", "v2", "done"])
      }
    }

    @Test("a throwing transform fails the subscription once and releases the source")
    func throwingTransform() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), .next(230, 3), Recorded<Int, TestError>.completed(300),
        ])
        var calls = 0
        let observer = scheduler.createObserver(Int.self, TestError.self)
        scheduler.schedule(at: 200) {
          _ = xs.signal.map { (value: Int) throws(TestError) -> Int in
            calls += 1
            if value == 2 { throw TestError("two") }
            return value * 10
          }.subscribe(
            next: { observer.observer.send($0) }, error: { observer.observer.send(error: $0) },
            completed: { observer.observer.sendCompleted() })
        }
        scheduler.run()
        #expect(observer.events == [.next(210, 10), .failed(220, TestError("two"))])
        #expect(calls == 2)
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("disposing mid-stream: no value, transform or terminal event afterwards")
    func disposeMidStream() {
      expectNoLeaks {
        let subject = PublishSubject<Int, TestError>()
        var calls = 0
        var events: [String] = []
        let subscription = subject.signal.map { (value: Int) -> Int in
          calls += 1
          return value * 10
        }.subscribe(
          next: { events.append("\($0)") }, error: { _ in events.append("error") },
          completed: { events.append("completed") })
        subject.send(1)
        subscription.dispose()
        subject.send(2)
        subject.send(error: TestError("late"))
        subscription.dispose()
        #expect(events == ["10"])
        #expect(calls == 1)
      }
    }

    @Test("disposing from inside the next handler: no more values or transforms")
    func disposeFromNextHandler() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        var calls = 0
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.signal.map { (value: Int) -> Int in
          calls += 1
          return value * 2
        }.subscribe(next: { value in
          received.append(value)
          if value == 4 { subscription?.dispose() }
        })
        for value in 0..<5 { subject.send(value) }
        subscription = nil
        #expect(received == [0, 2, 4])
        #expect(calls == 3)
      }
    }

    @Test("disposing from inside the transform drops the value it returns")
    func disposeFromTransform() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject.signal.map { (value: Int) -> Int in
          if value == 2 { subscription?.dispose() }
          return value * 10
        }.subscribe(next: { received.append($0) })
        subject.send(1)
        subject.send(2)
        subject.send(3)
        subscription = nil
        #expect(received == [10])
      }
    }

    @Test("a producer sending after its terminal event: the transform is not called")
    func producerAfterTerminal() {
      expectNoLeaks {
        var calls: [Int] = []
        var events: [String] = []
        let producer = Signal<Int, TestError> { observer in
          observer.send(1)
          observer.sendCompleted()
          observer.send(2)
          observer.send(error: TestError("late"))
          observer.send(3)
          return Disposables.empty
        }
        producer.map { (value: Int) -> Int in
          calls.append(value)
          return value
        }.subscribe(
          next: { events.append("\($0)") }, error: { _ in events.append("error") },
          completed: { events.append("completed") }
        ).dispose()
        #expect(calls == [1])
        #expect(events == ["1", "completed"])
      }
    }

    @Test("the guard is the lifetime its source runs with: a producer loop stops at the end")
    func producerSeesTheEnd() {
      expectNoLeaks {
        var sent = 0
        var calls = 0
        var failures: [TestError] = []
        // A synchronous producer that checks its lifetime between values: it stops only if
        // the fused guard, ended by the throwing transform, is that lifetime.
        let producer = Signal<Int, TestError> { observer, lifetime in
          while !lifetime.hasEnded && sent < 1000 {
            observer.send(sent)
            sent += 1
          }
          return Disposables.empty
        }
        let subscription = producer.map { (value: Int) throws(TestError) -> Int in
          calls += 1
          if value == 2 { throw TestError("two") }
          return value
        }.subscribe(error: { failures.append($0) })
        subscription.dispose()
        #expect(sent == 3)
        #expect(calls == 3)
        #expect(failures == [TestError("two")])
      }
    }

    @Test("the guard as the lifetime of a hot source: disposing inside next detaches it")
    func disposeFromNextHandlerHot() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(220, 2), Recorded<Int, Never>.next(230, 3),
        ])
        var received: [Int] = []
        var subscription: Disposable?
        scheduler.schedule(at: 200) {
          subscription = xs.signal.map { $0 * 10 }.subscribe(next: { value in
            received.append(value)
            if value == 20 { subscription?.dispose() }
          })
        }
        scheduler.run()
        subscription = nil
        #expect(received == [10, 20])
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("values sent from inside the next handler arrive as they do with an observer")
    func reentrantSends() {
      expectNoLeaks {
        func run(closures: Bool) -> (received: [Int], calls: [Int]) {
          let subject = PublishSubject<Int, Never>()
          var received: [Int] = []
          var calls: [Int] = []
          let mapped = subject.signal.map { (value: Int) -> Int in
            calls.append(value)
            return value * 10
          }
          let onValue = { (value: Int) in
            received.append(value)
            if value < 30 { subject.send(value / 10 + 1) }
          }
          let subscription =
            closures ? mapped.subscribe(next: onValue) : mapped.subscribe(Observer(next: onValue))
          subject.send(1)
          subscription.dispose()
          return (received, calls)
        }
        let fused = run(closures: true)
        let unfused = run(closures: false)
        #expect(fused.received == [10, 20, 30])
        #expect(fused.calls == [1, 2, 3])
        #expect(fused.received == unfused.received)
        #expect(fused.calls == unfused.calls)
      }
    }

    @Test("one map signal subscribed twice: two guards, each with its own end")
    func subscribedTwice() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        var calls: [Int] = []
        let mapped = subject.signal.map { (value: Int) -> Int in
          calls.append(value)
          return value + 100
        }
        var first: [Int] = []
        var second: [Int] = []
        let a = mapped.subscribe(next: { first.append($0) })
        let b = mapped.subscribe(next: { second.append($0) })
        subject.send(1)
        a.dispose()
        subject.send(2)
        b.dispose()
        subject.send(3)
        #expect(first == [101])
        #expect(second == [101, 102])
        #expect(calls == [1, 1, 2])
      }
    }

    @Test("the same map signal through an observer and through other operators")
    func unfusedUsesOfTheSameSignal() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        var calls = 0
        let mapped = subject.signal.map { (value: Int) -> Int in
          calls += 1
          return value * 2
        }
        var viaObserver: [Int] = []
        var viaFilter: [Int] = []
        var viaSecondMap: [String] = []
        var viaClosures: [Int] = []
        let bag = DisposeBag()
        mapped.subscribe(Observer(next: { viaObserver.append($0) })).disposed(by: bag)
        mapped.filter { $0 > 2 }.subscribe(next: { viaFilter.append($0) }).disposed(by: bag)
        // The outer map is fused with the guard, the inner one runs as a stage.
        mapped.map { "\($0)" }.subscribe(next: { viaSecondMap.append($0) }).disposed(by: bag)
        mapped.subscribe(next: { viaClosures.append($0) }).disposed(by: bag)
        subject.send(1)
        subject.send(2)
        #expect(viaObserver == [2, 4])
        #expect(viaFilter == [4])
        #expect(viaSecondMap == ["2", "4"])
        #expect(viaClosures == [2, 4])
        #expect(calls == 8)
        bag.dispose()
        subject.send(3)
        #expect(calls == 8)
        #expect(viaClosures == [2, 4])
      }
    }

    @Test("a chain of maps: each transform once per value, in order")
    func chainOfMaps() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        var trace: [String] = []
        var received: [Int] = []
        let subscription = subject.signal
          .map { (value: Int) -> Int in
            trace.append("a\(value)")
            return value + 1
          }
          .map { (value: Int) -> Int in
            trace.append("b\(value)")
            return value * 10
          }
          .subscribe(next: { received.append($0) })
        subject.send(1)
        subject.send(5)
        subscription.dispose()
        #expect(trace == ["a1", "b2", "a5", "b6"])
        #expect(received == [20, 60])
      }
    }

    @Test("disposed(by:) and take(during:) end the fused subscription with their owner")
    func lifetimes() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), .next(230, 2), Recorded<Int, Never>.next(260, 3),
        ])
        var bagged: [Int] = []
        var during: [Int] = []
        var duringCompleted = 0
        var bag: DisposeBag? = DisposeBag()
        var owner: (lifetime: Lifetime, token: Lifetime.Token)? = Lifetime.make()
        scheduler.schedule(at: 200) {
          xs.signal.map { $0 * 10 }.subscribe(next: { bagged.append($0) }).disposed(by: bag!)
          _ = xs.signal.take(during: owner!.lifetime).map { $0 * 100 }
            .subscribe(next: { during.append($0) }, completed: { duringCompleted += 1 })
        }
        scheduler.schedule(at: 220) { bag = nil }
        scheduler.schedule(at: 240) { owner = nil }
        scheduler.run()
        #expect(bagged == [10])
        #expect(during == [100, 200])
        #expect(duringCompleted == 1)
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(200, 240)])
      }
    }

    @Test("concurrent sends and a dispose: no value starts after dispose returns, no leak")
    func concurrentDispose() {
      final class Tally: Sendable {
        let disposed = Atomic<Bool>(false)
        let lateValues = Atomic<Int>(0)
      }
      expectNoLeaks {
        for _ in 0..<50 {
          let subject = PublishSubject<Int, Never>()
          let tally = Tally()
          let subscription = subject.signal.map { $0 &* 3 }.subscribe(next: { _ in
            if tally.disposed.load(ordering: .acquiring) {
              tally.lateValues.add(1, ordering: .relaxed)
            }
          })
          let barrier = Barrier(count: 2)
          runOnThreads(2) { index in
            barrier.arriveAndWait()
            if index == 0 {
              for value in 0..<200 { subject.send(value) }
            } else {
              subscription.dispose()
              tally.disposed.store(true, ordering: .releasing)
            }
          }
          // A value may be in delivery while `dispose()` runs; none may start after it.
          #expect(tally.lateValues.load(ordering: .relaxed) <= 1)
        }
      }
    }
  }
}

/// One marble case of `MapSubscriptionTests.sameAsObserver`: a hot source, a dispose
/// time, and what the subscriber should record.
struct MarbleCase: Sendable, CustomTestStringConvertible {
  let name: String
  let events: [Recorded<Int, TestError>]
  let disposed: Int
  let expected: [Recorded<Int, TestError>]
  let subscriptions: [Subscription]

  var testDescription: String { name }

  static let all: [MarbleCase] = [
    MarbleCase(
      name: "never", events: [.next(150, 1)], disposed: 1000, expected: [],
      subscriptions: [Subscription(200, 1000)]),
    MarbleCase(
      name: "empty", events: [.next(150, 1), .completed(300)], disposed: 1000,
      expected: [.completed(300)], subscriptions: [Subscription(200, 300)]),
    MarbleCase(
      name: "values",
      events: [.next(150, 1), .next(210, 2), .next(240, 3), .completed(300), .next(310, 9)],
      disposed: 1000, expected: [.next(210, 20), .next(240, 30), .completed(300)],
      subscriptions: [Subscription(200, 300)]),
    MarbleCase(
      name: "failure", events: [.next(210, 2), .failed(250, TestError("boom")), .next(260, 3)],
      disposed: 1000, expected: [.next(210, 20), .failed(250, TestError("boom"))],
      subscriptions: [Subscription(200, 250)]),
    MarbleCase(
      name: "disposed mid-stream", events: [.next(210, 2), .next(290, 3), .completed(400)],
      disposed: 250, expected: [.next(210, 20)], subscriptions: [Subscription(200, 250)]),
    MarbleCase(
      name: "disposed at a value's time, after it", events: [.next(210, 2), .next(250, 3)],
      disposed: 250, expected: [.next(210, 20), .next(250, 30)],
      subscriptions: [Subscription(200, 250)]),
  ]

  /// `TestScheduler.start` on `map { $0 * 10 }`, subscribing with closures or with an
  /// observer, counting the transform's calls.
  func run(subscribingClosures: Bool) -> (
    events: [Recorded<Int, TestError>], subscriptions: [Subscription], transforms: Int
  ) {
    let scheduler = TestScheduler()
    let source = scheduler.createHotSignal(events)
    let observer = scheduler.createObserver(Int.self, TestError.self)
    var transforms = 0
    var subscription: Disposable?
    scheduler.schedule(at: 200) {
      let mapped = source.signal.map { (value: Int) -> Int in
        transforms += 1
        return value * 10
      }
      let recorder = observer.observer
      subscription =
        subscribingClosures
        ? mapped.subscribe(
          next: { recorder.send($0) }, error: { recorder.send(error: $0) },
          completed: { recorder.sendCompleted() })
        : mapped.subscribe(recorder)
    }
    scheduler.schedule(at: disposed) { subscription?.dispose() }
    scheduler.run()
    subscription = nil
    return (observer.events, source.subscriptions, transforms)
  }
}
