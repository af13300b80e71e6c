// The thumbnail workers: bounded, nearest the focus first, cancellable while queued.
import Dispatch
import Foundation
import Reactive
import Synchronization
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  /// Nonisolated: the actions run on the pool's threads.
  ///
  /// Deterministic on a loaded machine: every test waits for the events it needs
  /// (semaphores), never for an amount of time; the waits' limits only turn a hang
  /// into a failure.
  @Suite("Nearest-first thread pool")
  nonisolated struct NearestFirstThreadPoolTests {
    /// Far above any honest wait on a loaded machine: only a hang reaches it.
    static var hang: DispatchTime { .now() + 60 }

    @Test("queued work runs nearest the focus first; disposed work never runs")
    func order() {
      let pool = NearestFirstThreadPool(workers: 1, name: "test-pool")
      let holding = DispatchSemaphore(value: 0)
      let gate = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      let ran = Locked<[Int]>([])
      // Hold the only worker while the queue fills: wait until it really runs the
      // holding action, or it could take the queued work in another order.
      pool.scheduler(at: 0).schedule {
        holding.signal()
        gate.wait()
      }
      #expect(holding.wait(timeout: Self.hang) == .success)
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
      for _ in 0..<7 { #expect(done.wait(timeout: Self.hang) == .success) }
      #expect(ran.withLock { $0 } == [10, 9, 14, 1, 22, 30, 50])
    }

    @Test("never more at once than it has workers, and all of them in use")
    func bounded() {
      let pool = NearestFirstThreadPool(workers: 2, name: "test-pool")
      let running = Atomic(0)
      let highest = Atomic(0)
      let group = DispatchGroup()
      // The first two actions (nearest the focus, 0) wait for each other: they can
      // only finish if both workers run at once, however slowly each thread starts.
      let first = DispatchSemaphore(value: 0)
      let second = DispatchSemaphore(value: 0)
      for position in 0..<40 {
        group.enter()
        pool.scheduler(at: position).schedule {
          let now = running.add(1, ordering: .sequentiallyConsistent).newValue
          _ = highest.max(now, ordering: .sequentiallyConsistent)
          switch position {
          case 0:
            first.signal()
            #expect(second.wait(timeout: Self.hang) == .success)
          case 1:
            second.signal()
            #expect(first.wait(timeout: Self.hang) == .success)
          default:
            break
          }
          running.subtract(1, ordering: .sequentiallyConsistent)
          group.leave()
        }
      }
      #expect(group.wait(timeout: Self.hang) == .success)
      #expect(highest.load(ordering: .sequentiallyConsistent) == 2)
    }

    @Test("a delayed action waits on the pool's timers, then queues at its position")
    func delayed() {
      let timers = TestScheduler(tickDuration: .milliseconds(10))
      let pool = NearestFirstThreadPool(workers: 1, name: "test-pool", timers: timers)
      let done = DispatchSemaphore(value: 0)
      pool.scheduler(at: 3).schedule(after: .milliseconds(30)) { done.signal() }
      timers.advance(by: .milliseconds(20))
      #expect(pool.pendingCount == 0, "still waiting on the timer")
      timers.advance(by: .milliseconds(10))
      #expect(done.wait(timeout: Self.hang) == .success)
    }

    @Test("thumbnails give way to the viewer: the workers run at a lower priority")
    func yieldsToViewer() throws {
      let pool = NearestFirstThreadPool(workers: 1, name: "test-pool")
      let done = DispatchSemaphore(value: 0)
      let niceness = Locked<Int?>(nil)
      pool.scheduler(at: 0).schedule {
        niceness.withLock { $0 = Self.threadNiceness() }
        done.signal()
      }
      #expect(done.wait(timeout: Self.hang) == .success)
      // The niceness of the thread that made the pool (0 unless the tests run under
      // `nice`), lowered by the pool's steps.
      let own = try #require(Self.threadNiceness())
      let worker = try #require(niceness.withLock { $0 })
      #expect(worker == min(19, own + Int(NearestFirstThreadPool.niceness)))
    }

    /// The calling thread's nice value, from /proc (field 19 of its stat line).
    static func threadNiceness() -> Int? {
      guard let stat = try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return nil }
      // After the command's closing parenthesis come fields 3 (state) onwards.
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      return fields.count > 16 ? Int(fields[16]) : nil
    }
  }
}
