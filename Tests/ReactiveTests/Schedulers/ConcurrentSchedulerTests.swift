import Dispatch
import Foundation
import Reactive
import ReactiveTesting
import Synchronization
import Testing

extension ReactiveTests {
  @Suite("ConcurrentQueueScheduler")
  struct ConcurrentSchedulerTests {
    @Test("two actions run at the same time: each waits for the other to start")
    func parallel() {
      expectNoLeaksEventually {
        let scheduler = ConcurrentQueueScheduler()
        let arrived = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let met = Atomic<Int>(0)
        for _ in 0..<2 {
          scheduler.schedule {
            arrived.signal()
            // On a serial queue the second action could not start while this one waits.
            if released.wait(timeout: .now() + 5) == .success { met.add(1, ordering: .relaxed) }
            finished.signal()
          }
        }
        #expect(arrived.wait(timeout: .now() + 5) == .success)
        #expect(arrived.wait(timeout: .now() + 5) == .success)
        released.signal()
        released.signal()
        #expect(finished.wait(timeout: .now() + 5) == .success)
        #expect(finished.wait(timeout: .now() + 5) == .success)
        #expect(met.load(ordering: .relaxed) == 2)
      }
    }

    @Test("disposing an action or a timer before it starts cancels it")
    func cancel() {
      expectNoLeaksEventually {
        let scheduler = ConcurrentQueueScheduler()
        let ran = Atomic<Int>(0)
        let timer = scheduler.schedule(after: .milliseconds(20)) { ran.add(1, ordering: .relaxed) }
        timer.dispose()
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule(after: .milliseconds(60)) { done.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(ran.load(ordering: .relaxed) == 0)
      }
    }

    @Test("a repeating timer ticks until disposed, one run at a time")
    func repeating() {
      expectNoLeaksEventually {
        let scheduler = ConcurrentQueueScheduler()
        let ticks = Atomic<Int>(0)
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let third = DispatchSemaphore(value: 0)
        let timer = scheduler.schedule(after: .zero, interval: .milliseconds(2)) {
          if inside.add(1, ordering: .acquiringAndReleasing).oldValue != 0 {
            overlaps.add(1, ordering: .relaxed)
          }
          Thread.sleep(forTimeInterval: 0.003)  // longer than the interval
          inside.subtract(1, ordering: .acquiringAndReleasing)
          if ticks.add(1, ordering: .relaxed).newValue == 3 { third.signal() }
        }
        #expect(third.wait(timeout: .now() + 5) == .success)
        timer.dispose()
        #expect(overlaps.load(ordering: .relaxed) == 0)
      }
    }

    @Test("observe(on:) onto it still delivers one subscription's events in order, serially")
    func observeOn() {
      expectNoLeaksEventually {
        let scheduler = ConcurrentQueueScheduler()
        let subject = PublishSubject<Int, Never>()
        let probe = SerialDeliveryProbe<Int, Never>()
        let received = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        let subscription = subject.signal.observe(on: scheduler).subscribe(
          Observer { event in
            probe.observer.on(event)
            if case .next(let value) = event { received.withLock { $0.append(value) } }
            if event.isTerminal { done.signal() }
          })
        for value in 0..<10_000 { subject.send(value) }
        subject.sendCompleted()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(received.withLock { $0 } == Array(0..<10_000))
        #expect(probe.overlapping == 0)
        subscription.dispose()
      }
    }

    @Test("timer and interval on it: values arrive, disposing stops them")
    func timers() {
      expectNoLeaksEventually {
        let scheduler = ConcurrentQueueScheduler()
        let values = Mutex<[Int]>([])
        let three = DispatchSemaphore(value: 0)
        let subscription = Signal.interval(.milliseconds(2), on: scheduler).subscribe(next: {
          value in
          values.withLock { $0.append(value) }
          if value == 2 { three.signal() }
        })
        #expect(three.wait(timeout: .now() + 5) == .success)
        subscription.dispose()
        #expect(Array(values.withLock { $0 }.prefix(3)) == [0, 1, 2])
      }
    }
  }
}
