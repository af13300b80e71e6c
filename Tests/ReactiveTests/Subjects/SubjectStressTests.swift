import Foundation
import Reactive
import ReactiveTesting
import Synchronization
import Testing

extension ReactiveTests {
  @Suite("Subjects under concurrency")
  struct SubjectStressTests {
    /// Records what one observer saw, checking per-thread order as values arrive.
    private final class Recorder: @unchecked Sendable {
      // @unchecked: the subject delivers serially, so the fields are never touched by
      // two threads at once; the test reads them after every thread has joined.
      var lastSequence: [Int]
      var received = 0
      var outOfOrder = 0
      var terminals = 0
      var afterTerminal = 0
      let inFlight = Atomic<Int>(0)
      var overlapping = 0

      init(threads: Int) { lastSequence = Array(repeating: -1, count: threads) }

      func on(_ event: Event<Int, Never>) {
        if inFlight.add(1, ordering: .acquiringAndReleasing).oldValue != 0 { overlapping += 1 }
        defer { inFlight.subtract(1, ordering: .acquiringAndReleasing) }
        switch event {
        case .next(let encoded):
          if terminals > 0 { afterTerminal += 1 }
          received += 1
          let (thread, sequence) = (encoded >> 32, encoded & 0xFFFF_FFFF)
          if sequence != lastSequence[thread] + 1 { outOfOrder += 1 }
          lastSequence[thread] = sequence
        case .completed, .failed:
          terminals += 1
        }
      }
    }

    @Test("8 threads × 100,000 sends: every observer gets all, in per-thread order, once")
    func eightThreads() {
      expectNoLeaks {
        let threads = 8
        let perThread = 100_000
        let subject = PublishSubject<Int, Never>()
        let recorders = [Recorder(threads: threads), Recorder(threads: threads)]
        let subscriptions = recorders.map { recorder in
          subject.signal.subscribe(Observer { recorder.on($0) })
        }
        let allSent = Barrier(count: threads)
        runOnThreads(threads) { thread in
          for sequence in 0..<perThread { subject.send(thread << 32 | sequence) }
          allSent.arriveAndWait()
          subject.sendCompleted()  // every thread tries; exactly one terminal must arrive
          subject.send(-1)  // and nothing after it
        }
        for recorder in recorders {
          #expect(recorder.received == threads * perThread)
          #expect(recorder.outOfOrder == 0)
          #expect(recorder.terminals == 1)
          #expect(recorder.afterTerminal == 0)
          #expect(recorder.overlapping == 0, "an observer was called concurrently")
        }
        for subscription in subscriptions { subscription.dispose() }
      }
    }

    @Test("subscribing and disposing while 4 threads send: no crash, deadlock or leak")
    func disposeWhileSending() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        let keepSending = Atomic<Bool>(true)
        let lateDeliveries = Atomic<Int>(0)
        let churned = Atomic<Int>(0)
        runOnThreads(6) { thread in
          if thread < 4 {
            // Bounded, so that the churning threads (which wait under backpressure like
            // any sender) finish in the same time on a loaded two-core machine.
            var value = 0
            while keepSending.load(ordering: .relaxed), value < 200_000 {
              subject.send(value)
              value += 1
            }
          } else {
            for _ in 0..<20_000 {
              let disposed = Atomic<Bool>(false)
              let subscription = subject.signal.subscribe(next: { _ in
                if disposed.load(ordering: .acquiring) {
                  lateDeliveries.add(1, ordering: .relaxed)
                }
              })
              subscription.dispose()
              disposed.store(true, ordering: .releasing)
              churned.add(1, ordering: .relaxed)
            }
            if churned.load(ordering: .relaxed) == 40_000 {
              keepSending.store(false, ordering: .relaxed)
            }
          }
        }
        #expect(churned.load(ordering: .relaxed) == 40_000)
        // A delivery already inside the observer when another thread disposes may finish
        // (no library can stop a call in progress); none may start long after. Each
        // subscription can see at most the one value that was in flight.
        #expect(lateDeliveries.load(ordering: .relaxed) <= 40_000)
        var afterwards: [Int] = []
        let last = subject.signal.subscribe(next: { afterwards.append($0) })
        subject.send(-1)
        last.dispose()
        subject.send(-2)
        #expect(afterwards.contains(-1))
        #expect(!afterwards.contains(-2))
      }
    }

    @Test("a behavior subject hit from 8 threads ends on one of the last values sent")
    func behaviorConcurrent() {
      let subject = BehaviorSubject<Int, Never>(value: -1)
      let count = Atomic<Int>(0)
      let subscription = subject.signal.subscribe(next: { _ in
        count.add(1, ordering: .relaxed)
      })
      runOnThreads(8) { thread in
        for sequence in 0..<10_000 { subject.send(thread * 100_000 + sequence) }
      }
      #expect(count.load(ordering: .relaxed) == 80_001)
      #expect(subject.value % 100_000 == 9_999)
      subscription.dispose()
    }
  }
}

extension ReactiveTests.SubjectStressTests {
  @Test("a behavior subject's value is what a new subscriber is sent, after racing sends")
  func behaviorValueAgreesWithReplay() {
    for round in 0..<500 {
      let subject = BehaviorSubject<Int, Never>(value: -1)
      runOnThreads(2) { thread in subject.send(round * 10 + thread) }
      var first: Int?
      subject.signal.take(1).subscribe(next: { first = $0 })
      #expect(first == subject.value)
    }
  }
}
