// A bounded pool of decoding threads that runs the work nearest the strip's centre first.
import CImaging
import Foundation
import ImageBrowserCore
import Reactive

/// A fixed number of worker threads (one per core by default) sharing one queue of
/// work, taken nearest-to-the-focus first, then oldest first.
///
/// Disposing a queued action removes it, so work for cells that scrolled away never
/// runs; a running action is not interrupted (decodes watch their own lifetime).
/// `pendingCount` says how much is queued or running, for a progress indicator.
package nonisolated final class NearestFirstThreadPool: PositionedScheduling, @unchecked Sendable {
  // @unchecked: all mutable state is inside `state`; `condition` guards the wait.

  private struct Job {
    package let id: UInt64
    package let position: Int
    package let action: () -> Void
  }

  private struct State: @unchecked Sendable {
    // @unchecked: the actions are handed to one worker thread each, under the lock.
    var jobs: [Job] = []
    package var focus = 0
    var nextID: UInt64 = 0
    package var running = 0
  }

  // Reactive's lock: ThreadSanitizer sees it in `make sanitize` builds (it does not see `Mutex`).
  private let state = Locked(State())
  private let condition = NSCondition()
  private let timers: Scheduler

  /// Starts `workers` threads named after `name`; delayed work waits on `timers` (a
  /// private queue by default; tests pass a `TestScheduler`).
  package init(
    workers: Int = ProcessInfo.processInfo.activeProcessorCount,
    name: String = "image-browser.thumbnails",
    timers: Scheduler = QueueScheduler(name: "image-browser.decode-pool.timers")
  ) {
    self.timers = timers
    for index in 0..<max(1, workers) {
      // Each turn of the loop holds the pool only while it takes and runs one job, so a
      // pool nobody else holds is released and its threads end within a second.
      let thread = Thread { [weak self] in
        NearestFirstThreadPool.yieldToViewer()
        while let pool = self {
          guard let job = pool.takeJob(waitingAtMost: 1) else { continue }
          job.action()
          pool.state.withLock { $0.running -= 1 }
        }
      }
      thread.name = "\(name).\(index)"
      thread.qualityOfService = .userInitiated
      thread.start()
    }
  }

  /// How many nice levels the pool's threads sit below the thread that made the pool:
  /// thumbnails give way to the viewer's decode and the main thread, within the app's
  /// share of the processors.
  package static let niceness: Int32 = 10

  /// Lowers the calling thread's priority by `niceness` (Linux: the nice value is per
  /// thread). With two processors and two workers, workers at the viewer's priority
  /// left the current image's decode a third of the app's time: after a held key
  /// through 24-megapixel photos its final picture came 440 ms after the last key,
  /// 75 ms with the workers lowered (Benchmarks/app/keys.py).
  private static func yieldToViewer() {
    _ = cimaging_lower_thread_priority(niceness)
  }

  /// How many actions are queued or running now.
  var pendingCount: Int { state.withLock { $0.jobs.count + $0.running } }

  package func scheduler(at position: Int) -> Scheduler {
    Positioned(pool: self, position: position)
  }

  package func focus(on position: Int) {
    state.withLock { $0.focus = position }
  }

  /// Queues `action` at `position`; disposing the result removes it if it has not run.
  fileprivate func enqueue(at position: Int, _ action: @escaping () -> Void) -> Disposable {
    let id = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.jobs.append(Job(id: id, position: position, action: action))
      return id
    }
    condition.lock()
    condition.signal()
    condition.unlock()
    return AnyDisposable { [weak self] in
      self?.state.withLock { state in
        if let index = state.jobs.firstIndex(where: { $0.id == id }) {
          state.jobs.remove(at: index)
        }
      }
    }
  }

  /// Schedules `action` after `delay` at `position` (the timer runs on `timers`).
  fileprivate func enqueue(
    at position: Int, after delay: Duration, _ action: @escaping () -> Void
  ) -> Disposable {
    let queued = SerialDisposable()
    let box = UncheckedAction(action)
    let timer = timers.schedule(after: delay) { [weak self] in
      guard let self else { return }
      queued.inner = enqueue(at: position, box.action)
    }
    return CompositeDisposable([timer, queued])
  }

  /// The time of `timers`.
  package var now: Duration { timers.now }

  /// Takes the queued job nearest the focus (the oldest among equals), counted as
  /// running.
  private static func next(from state: inout State) -> Job? {
    guard !state.jobs.isEmpty else { return nil }
    let focus = state.focus
    var best = 0
    for index in state.jobs.indices.dropFirst() {
      let distance = abs(state.jobs[index].position - focus)
      let bestDistance = abs(state.jobs[best].position - focus)
      if distance < bestDistance { best = index }
    }
    state.running += 1
    return state.jobs.remove(at: best)
  }

  /// The next job, waiting up to `seconds` for one; `nil` if none came.
  private func takeJob(waitingAtMost seconds: Double) -> Job? {
    condition.lock()
    defer { condition.unlock() }
    if let job = state.withLock({ Self.next(from: &$0) }) { return job }
    _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
    return state.withLock { Self.next(from: &$0) }
  }
}

/// An action made `Sendable` to cross to the timer queue and back; it runs once, on
/// one worker.
nonisolated private struct UncheckedAction: @unchecked Sendable {
  package let action: () -> Void
  package init(_ action: @escaping () -> Void) { self.action = action }
}

/// The scheduler `NearestFirstThreadPool.scheduler(at:)` returns: the pool with a position.
nonisolated private final class Positioned: Scheduler {
  package let pool: NearestFirstThreadPool
  package let position: Int

  package init(pool: NearestFirstThreadPool, position: Int) {
    self.pool = pool
    self.position = position
  }

  package var now: Duration { pool.now }

  package func schedule(_ action: @escaping () -> Void) -> Disposable {
    pool.enqueue(at: position, action)
  }

  package func schedule(after delay: Duration, _ action: @escaping () -> Void) -> Disposable {
    pool.enqueue(at: position, after: delay, action)
  }
}
