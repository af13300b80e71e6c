import Reactive
import ReactiveTesting
import Synchronization
import Testing

private typealias R = Recorded<Int, TestError>

/// Counts its `dispose()` calls: a producer's disposable whose disposal must happen once.
private final class CountingDisposable: Disposable {
  let count = Atomic(0)
  func dispose() { count.add(1, ordering: .relaxed) }
}

extension ReactiveTests {
  /// What a subscription's guard does with the disposable its producer returns: it keeps
  /// it while the subscription runs and disposes it exactly once when the subscription
  /// ends (terminal event or disposal), at once when it ended while the producer started,
  /// and never keeps the shared no-op.
  @Suite("the producer's disposable: kept while running, disposed exactly once")
  struct ProducerDisposableTests {
    @Test(
      "an asynchronous producer subscribed with closures: events and its disposal in time",
      arguments: [
        ([R](), [R](), 1000),  // never: disposed by the subscriber
        ([.completed(50)], [.completed(250)], 250),  // empty
        (
          [.next(10, 1), .next(20, 2), .completed(30)],
          [.next(210, 1), .next(220, 2), .completed(230)], 230
        ),
        (
          [.next(10, 1), .failed(20, TestError("boom"))],
          [.next(210, 1), .failed(220, TestError("boom"))], 220
        ),
        ([.next(10, 1), .next(500, 2)], [.next(210, 1)], 400),  // disposed mid-stream
      ])
    func closures(
      events: [Recorded<Int, TestError>], expected: [Recorded<Int, TestError>], end: Int
    ) {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal(events)
        let recorder = scheduler.createObserver(Int.self, TestError.self)
        var subscription: Disposable?
        scheduler.schedule(at: 200) {
          subscription = xs.signal.subscribe(
            next: { recorder.observer.send($0) }, error: { recorder.observer.send(error: $0) },
            completed: { recorder.observer.sendCompleted() })
        }
        scheduler.schedule(at: 400) {
          subscription?.dispose()
          subscription?.dispose()
        }
        scheduler.run()
        subscription = nil
        #expect(recorder.events == expected)
        #expect(xs.subscriptions == [Subscription(200, min(end, 400))])
      }
    }

    @Test("disposed once whether the subscription is disposed, ends, or both, in any order")
    func once() {
      expectNoLeaks {
        let producer = CountingDisposable()
        let endings: [(Disposable, () -> Void)] = (0..<3).map { _ in
          var sendEnd: (() -> Void)?
          let subscription = Signal<Int, Never> { observer in
            sendEnd = { observer.sendCompleted() }
            return producer
          }.subscribe(next: { _ in })
          return (subscription, { sendEnd?() })
        }
        endings[0].0.dispose()
        endings[0].0.dispose()
        #expect(producer.count.load(ordering: .relaxed) == 1)
        endings[1].1()
        endings[1].0.dispose()
        #expect(producer.count.load(ordering: .relaxed) == 2)
        endings[2].0.dispose()
        endings[2].1()
        #expect(producer.count.load(ordering: .relaxed) == 3)
      }
    }

    @Test(
      "a producer that ends its subscription while starting has its disposable disposed at once")
    func endedWhileStarting() {
      expectNoLeaks {
        let producer = CountingDisposable()
        var completed = false
        let subscription = Signal<Int, Never> { observer in
          observer.sendCompleted()
          return producer
        }.subscribe(completed: { completed = true })
        #expect(completed)
        #expect(producer.count.load(ordering: .relaxed) == 1)
        subscription.dispose()
        #expect(producer.count.load(ordering: .relaxed) == 1)
      }
    }

    @Test("the shared no-op is not kept; a disposable of any other class is")
    func noOpOnly() {
      expectNoLeaks {
        weak var weakKept: CountingDisposable?
        var subscription: Disposable?
        do {
          let kept = CountingDisposable()
          weakKept = kept
          subscription = Signal<Int, Never> { _ in kept }.subscribe(next: { _ in })
        }
        #expect(weakKept != nil, "the guard keeps the producer's disposable while it runs")
        subscription?.dispose()
        #expect(weakKept == nil, "and lets it go once disposed")
        let empty = Signal<Int, Never> { _ in Disposables.empty }.subscribe(next: { _ in })
        empty.dispose()
        subscription = nil
      }
    }
  }
}
