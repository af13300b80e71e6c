// The thumbnail workers: bounded, nearest the focus first, cancellable while queued.
import Dispatch
import Foundation
import Reactive
import Synchronization
import Testing

@testable import ImageBrowser

extension ImageBrowserTests {
  /// Nonisolated: the actions run on the pool's threads.
  @Suite("Decode pool")
  nonisolated struct DecodePoolTests {
    @Test("queued work runs nearest the focus first; disposed work never runs")
    func order() {
      let pool = DecodePool(workers: 1, name: "test-pool")
      let gate = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      let ran = Mutex<[Int]>([])
      // Hold the only worker while the queue fills.
      pool.scheduler(at: 0).schedule { gate.wait() }
      var disposables: [Disposable] = []
      for position in [1, 30, 14, 9, 22, 10, 11, 50] {
        disposables.append(
          pool.scheduler(at: position).schedule {
            ran.withLock { $0.append(position) }
            done.signal()
          })
      }
      pool.focus(on: 10)
      disposables[6].dispose()  // position 11 scrolled away
      #expect(pool.pendingCount == 8)
      gate.signal()
      for _ in 0..<7 { #expect(done.wait(timeout: .now() + 5) == .success) }
      #expect(ran.withLock { $0 } == [10, 9, 14, 1, 22, 30, 50])
      #expect(pool.pendingCount == 0)
    }

    @Test("never more at once than it has workers")
    func bounded() {
      let pool = DecodePool(workers: 2, name: "test-pool")
      let running = Atomic(0)
      let highest = Atomic(0)
      let group = DispatchGroup()
      for position in 0..<40 {
        group.enter()
        pool.scheduler(at: position).schedule {
          let now = running.add(1, ordering: .sequentiallyConsistent).newValue
          _ = highest.max(now, ordering: .sequentiallyConsistent)
          usleep(500)
          running.subtract(1, ordering: .sequentiallyConsistent)
          group.leave()
        }
      }
      #expect(group.wait(timeout: .now() + 10) == .success)
      #expect(highest.load(ordering: .sequentiallyConsistent) == 2)
    }

    @Test("a delayed action waits, then queues at its position")
    func delayed() {
      let pool = DecodePool(workers: 1, name: "test-pool")
      let done = DispatchSemaphore(value: 0)
      let start = ContinuousClock.now
      pool.scheduler(at: 3).schedule(after: .milliseconds(30)) { done.signal() }
      #expect(done.wait(timeout: .now() + 5) == .success)
      #expect(ContinuousClock.now - start >= .milliseconds(30))
    }
  }
}
