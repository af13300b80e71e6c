import Reactive
import ReactiveTesting
import Testing

/// An observer that records what it receives and, on its terminal event, subscribes to
/// `signal` once more with `again` (as `retry` and `repeat` do from inside a terminal
/// event). Keeps both subscriptions, so a test can dispose whichever is current.
private final class Resubscriber: @unchecked Sendable {
  // @unchecked: used on the test's thread only.
  let first: TestableObserver<Int, TestError>
  let again: TestableObserver<Int, TestError>
  var subscription: Disposable?

  init(_ scheduler: TestScheduler) {
    first = scheduler.createObserver(Int.self, TestError.self)
    again = scheduler.createObserver(Int.self, TestError.self)
  }

  func subscribe(to signal: Signal<Int, TestError>) {
    subscription = signal.subscribe(
      Observer { [self] event in
        first.observer.on(event)
        if event.isTerminal { subscription = signal.subscribe(again.observer) }
      })
  }

  func dispose() {
    subscription?.dispose()
    subscription = nil
  }
}

extension ReactiveTests {
  /// Observers that subscribe again from inside a terminal event, on every multicasting
  /// operator and subject: the shape `retry` and `repeat` take.
  @Suite("Re-subscribing from inside a terminal event")
  struct ResubscriptionTests {
    typealias R = Recorded<Int, TestError>

    /// The source: values 1…5 from 210, 6 at 320, the end at 330, then -1 at 340 and 7 at
    /// 550 for whoever subscribed since (a hot signal that ends subscriptions, not
    /// itself).
    static func events(_ end: R) -> [R] {
      [
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5),
        .next(320, 6), end, .next(340, -1), .next(550, 7),
      ]
    }

    @Test(
      "share(replay:): the end closes the connection first, so both re-subscribers connect afresh",
      arguments: [0, 1, 2, 5], [R.completed(330), R.failed(330, TestError("boom"))])
    func share(bufferSize: Int, end: R) {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal(Self.events(end), terminal: .endsSubscriptions)
        let shared = xs.signal.share(replay: bufferSize)
        let one = Resubscriber(scheduler)
        let two = Resubscriber(scheduler)
        let three = scheduler.createObserver(Int.self, TestError.self)
        var subscriptionThree: Disposable?
        scheduler.schedule(at: 200) { one.subscribe(to: shared) }
        scheduler.schedule(at: 300) { two.subscribe(to: shared) }
        scheduler.schedule(at: 350) { one.dispose() }
        scheduler.schedule(at: 400) { two.dispose() }
        scheduler.schedule(at: 500) { subscriptionThree = shared.subscribe(three.observer) }
        scheduler.schedule(at: 600) { subscriptionThree?.dispose() }
        scheduler.run()

        let ended = Recorded<Int, TestError>(time: 330, event: end.event)
        #expect(
          one.first.events == [
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5),
            .next(320, 6), ended,
          ])
        let replayed = (1...5).suffix(bufferSize).map { R.next(300, $0) }
        #expect(two.first.events == replayed + [.next(320, 6), ended])
        // Both joined one new connection, opened at 330, not the finished one.
        #expect(one.again.events == [.next(340, -1)])
        #expect(two.again.events == [.next(340, -1)])
        #expect(three.events == [.next(550, 7)])
        #expect(
          xs.subscriptions == [
            Subscription(200, 330), Subscription(330, 400), Subscription(500, 600),
          ])
      }
    }

    @Test(
      "shared.retry(1) with two subscribers: both retry on one fresh connection",
      arguments: [0, 1, 3])
    func retry(bufferSize: Int) {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([R.next(10, 1), .failed(20, TestError("boom"))])
        let shared = xs.signal.share(replay: bufferSize)
        let a = scheduler.createObserver(Int.self, TestError.self)
        let b = scheduler.createObserver(Int.self, TestError.self)
        scheduler.schedule(at: 200) {
          shared.retry(1).subscribe(a.observer)
          shared.retry(1).subscribe(b.observer)
        }
        scheduler.run()
        let expected: [R] = [.next(210, 1), .next(230, 1), .failed(240, TestError("boom"))]
        #expect(a.events == expected)
        #expect(b.events == expected)
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
      }
    }

    @Test(
      "share(replay:scope: .forever): a re-subscriber gets the buffer and the end again",
      arguments: [0, 2])
    func shareForever(bufferSize: Int) {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal(
          Self.events(.completed(330)), terminal: .endsSubscriptions)
        let shared = xs.signal.share(replay: bufferSize, scope: .forever)
        let one = Resubscriber(scheduler)
        let three = scheduler.createObserver(Int.self, TestError.self)
        scheduler.schedule(at: 200) { one.subscribe(to: shared) }
        scheduler.schedule(at: 350) { one.dispose() }
        scheduler.schedule(at: 500) { shared.subscribe(three.observer) }
        scheduler.run()
        let kept = [5, 6].suffix(bufferSize)
        // The one buffer outlives the end: the source is never subscribed again.
        #expect(one.again.events == kept.map { R.next(330, $0) } + [.completed(330)])
        #expect(three.events == kept.map { R.next(500, $0) } + [.completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 330)])
      }
    }

    @Test("replay(_:) and publish(): a re-subscriber gets what the subject keeps and the end")
    func multicastConnection() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal(
          Self.events(.failed(330, TestError("boom"))), terminal: .endsSubscriptions)
        let replayed = xs.signal.replay(2)
        let published = xs.signal.publish()
        let one = Resubscriber(scheduler)
        let two = Resubscriber(scheduler)
        scheduler.schedule(at: 200) {
          one.subscribe(to: replayed.signal)
          two.subscribe(to: published.signal)
          replayed.connect()
          published.connect()
        }
        scheduler.run()
        // A connection connects once (RAC's model): the end is final for its subject.
        #expect(
          one.again.events == [.next(330, 5), .next(330, 6), .failed(330, TestError("boom"))])
        #expect(two.again.events == [.failed(330, TestError("boom"))])
        #expect(xs.subscriptions == [Subscription(200, 330), Subscription(200, 330)])
        one.dispose()
        two.dispose()
      }
    }

    @Test("subjects: a re-subscriber is sent the end after every other observer got it")
    func subjects() {
      expectNoLeaks {
        let subjects: [(String, Subject<Int, TestError>)] = [
          ("publish", PublishSubject()), ("behavior", BehaviorSubject(value: 0)),
          ("replay", ReplaySubject(bufferSize: 2)), ("async", AsyncSubject()),
        ]
        for (name, subject) in subjects {
          var log: [String] = []
          var again: Disposable?
          let first = subject.signal.subscribe(
            Observer { event in
              log.append("first \(event)")
              if event.isTerminal {
                again = subject.signal.subscribe(Observer { log.append("again \($0)") })
              }
            })
          let second = subject.signal.subscribe(Observer { log.append("second \($0)") })
          subject.send(1)
          subject.send(2)
          subject.sendCompleted()
          // The re-subscriber is attached after the delivery in progress, then sent what
          // the subject keeps and the end.
          let kept: [String] =
            switch name {
            case "behavior": ["again next(2)"]
            case "replay": ["again next(1)", "again next(2)"]
            case "async": ["again next(2)"]
            default: []
            }
          let ends = ["first completed", "second completed"] + kept + ["again completed"]
          #expect(Array(log.suffix(ends.count)) == ends, "\(name)")
          first.dispose()
          second.dispose()
          again?.dispose()
        }
      }
    }
  }
}
