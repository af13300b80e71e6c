import Dispatch
import Foundation
import Reactive
import ReactiveTesting
import Synchronization
import Testing

extension ReactiveTests {
  @Suite("observe(on:)")
  struct ObserveOnTests {
    typealias R = Recorded<Int, TestError>

    @Test("never: no events")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let res = scheduler.start { xs.signal.observe(on: scheduler) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
      }
    }

    @Test("empty, values, failure: every event, in order, on the scheduler")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(220, 2), .failed(230, TestError("boom")),
        ])
        let res = scheduler.start { xs.signal.observe(on: scheduler) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .failed(230, TestError("boom"))])
        let ys = scheduler.createHotSignal([R.completed(1100)])
        let empty = scheduler.start(created: 1050, subscribed: 1060, disposed: 1200) {
          ys.signal.observe(on: scheduler)
        }
        #expect(empty.events == [.completed(1100)])
      }
    }

    @Test("nothing is delivered until the scheduler runs; then all of it, in order")
    func deferred() {
      expectNoLeaks {
        let delivery = TestScheduler()
        let subject = PublishSubject<Int, TestError>()
        var received: [Event<Int, TestError>] = []
        let subscription = subject.signal.observe(on: delivery)
          .subscribe(Observer { received.append($0) })
        subject.send(1)
        delivery.advance()
        subject.send(2)
        subject.send(3)
        subject.sendCompleted()
        #expect(received == [.next(1)])
        delivery.advance()
        #expect(received == [.next(1), .next(2), .next(3), .completed])
        subscription.dispose()
      }
    }

    @Test("disposing drops the deliveries still waiting")
    func disposeEarly() {
      expectNoLeaks {
        let delivery = TestScheduler()
        let subject = PublishSubject<Int, TestError>()
        var received: [Int] = []
        let subscription = subject.signal.observe(on: delivery)
          .subscribe(next: { received.append($0) })
        subject.send(1)
        subject.send(2)
        subscription.dispose()
        delivery.advance()
        #expect(received == [])
      }
    }

    @Test("a queue scheduler gets every value, in order, on its queue")
    func queueScheduler() {
      expectNoLeaks {
        let scheduler = QueueScheduler(name: "observe-on-test")
        scheduler.queue.setSpecific(key: ObserveOnTests.key, value: 1)
        let done = DispatchSemaphore(value: 0)
        let received = Mutex<[Int]>([])
        let offQueue = Atomic<Int>(0)
        let subscription = Signal<Int, Never>.from(0..<1000).observe(on: scheduler)
          .subscribe(
            next: { value in
              if DispatchQueue.getSpecific(key: ObserveOnTests.key) != 1 {
                offQueue.add(1, ordering: .relaxed)
              }
              received.withLock { $0.append(value) }
            },
            completed: { done.signal() })
        done.wait()
        subscription.dispose()
        #expect(received.withLock { $0 } == Array(0..<1000))
        #expect(offQueue.load(ordering: .relaxed) == 0)
        // Let the queue release the last delivery run before counting live objects.
        scheduler.queue.sync {}
      }
    }

    static let key = DispatchSpecificKey<Int>()
  }

  @Suite("subscribe(on:)")
  struct SubscribeOnTests {
    typealias R = Recorded<Int, TestError>

    @Test("values, empty, failure pass through; subscribing happens on the scheduler")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([R.next(10, 1), .failed(20, TestError("boom"))])
        let res = scheduler.start { xs.signal.subscribe(on: scheduler) }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        let ys = scheduler.createColdSignal([R.completed(10)])
        let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) {
          ys.signal.subscribe(on: scheduler)
        }
        #expect(empty.events == [.completed(1210)])
      }
    }

    @Test("never: subscribed on the scheduler, disposed on the scheduler")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let delivery = TestScheduler()
        let xs = scheduler.createColdSignal([R.next(10, 1)])
        let subscription = xs.signal.subscribe(on: delivery).subscribe(next: { _ in })
        #expect(xs.subscriptions == [])
        delivery.advance()
        #expect(xs.subscriptions == [Subscription(0)])
        scheduler.advance(to: 5)
        subscription.dispose()
        scheduler.advance(to: 7)
        #expect(xs.subscriptions == [Subscription(0)])
        delivery.advance()
        #expect(xs.subscriptions == [Subscription(0, 7)])
        scheduler.run()
      }
    }

    @Test("disposing before the scheduler ran cancels the subscription")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let delivery = TestScheduler()
        let xs = scheduler.createColdSignal([R.next(10, 1)])
        var received: [Int] = []
        let subscription = xs.signal.subscribe(on: delivery)
          .subscribe(next: { received.append($0) })
        subscription.dispose()
        delivery.advance()
        scheduler.run()
        #expect(xs.subscriptions == [])
        #expect(received == [])
      }
    }
  }

  @Suite("start(on:)")
  struct StartOnTests {
    typealias R = Recorded<Int, TestError>

    @Test("values and failure pass through; subscribing happens on the scheduler")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdSignal([R.next(10, 1), .failed(20, TestError("boom"))])
        let res = scheduler.start { xs.signal.start(on: scheduler) }
        #expect(res.events == [.next(210, 1), .failed(220, TestError("boom"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("disposing stops the source at once, without waiting for the scheduler")
    func disposesInPlace() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let delivery = TestScheduler()
        let xs = scheduler.createColdSignal([R.next(10, 1), .next(20, 2)])
        var received: [Int] = []
        let subscription = xs.signal.start(on: delivery).subscribe(next: { received.append($0) })
        delivery.advance()
        scheduler.advance(to: 10)
        subscription.dispose()
        // Nothing runs on `delivery`: the stop has already happened.
        #expect(xs.subscriptions == [Subscription(0, 10)])
        scheduler.run()
        delivery.run()
        #expect(received == [1])
      }
    }

    @Test("a running producer sees its lifetime end when disposed from another thread")
    func lifetimeEndsWhileRunning() {
      expectNoLeaks {
        let worker = QueueScheduler(name: "start-on-test")
        let started = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
        let work = Signal<Int, Never> { observer, lifetime in
          started.signal()
          while !lifetime.hasEnded { usleep(100) }
          stopped.signal()
          return Disposables.empty
        }
        let subscription = work.start(on: worker).subscribe(next: { _ in })
        started.wait()
        subscription.dispose()
        #expect(stopped.wait(timeout: .now() + 5) == .success)
        worker.queue.sync {}  // The worker has let go of the subscription.
      }
    }

    @Test("disposing before the scheduler ran cancels the subscription")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let delivery = TestScheduler()
        let xs = scheduler.createColdSignal([R.next(10, 1)])
        let subscription = xs.signal.start(on: delivery).subscribe(next: { _ in })
        subscription.dispose()
        delivery.advance()
        scheduler.run()
        #expect(xs.subscriptions == [])
      }
    }
  }
}
