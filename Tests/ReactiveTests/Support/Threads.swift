import Foundation
import Reactive

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `body(index)` on `count` new threads at once and joins them all, so that
/// everything the threads captured is released before this returns (leak checks
/// depend on that; `Thread` may release its closure after the work is done). Each
/// thread runs in the caller's live-object scope, so the caller's leak check counts
/// what the threads make.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  final class Job: @unchecked Sendable {
    // @unchecked: immutable after init; each job runs on exactly one thread.
    let index: Int
    let body: @Sendable (Int) -> Void
    let scope: LiveObjectScope
    init(_ index: Int, _ body: @escaping @Sendable (Int) -> Void) {
      self.index = index
      self.body = body
      scope = LiveObjects.currentScope
    }
  }
  var threads: [pthread_t] = []
  for index in 0..<count {
    var thread = pthread_t()
    let job = Unmanaged.passRetained(Job(index, body)).toOpaque()
    let result = pthread_create(
      &thread, nil,
      { raw in
        let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
        LiveObjects.withScope(job.scope) { job.body(job.index) }
        return nil
      }, job)
    precondition(result == 0, "pthread_create failed: \(result)")
    threads.append(thread)
  }
  for thread in threads { pthread_join(thread, nil) }
}

/// Lets `count` threads wait for each other: each calls `arriveAndWait()`.
final class Barrier: @unchecked Sendable {
  // @unchecked: the only state is behind NSCondition.
  private let condition = NSCondition()
  private var waiting: Int

  init(count: Int) { waiting = count }

  func arriveAndWait() {
    condition.lock()
    waiting -= 1
    if waiting == 0 { condition.broadcast() }
    while waiting > 0 { condition.wait() }
    condition.unlock()
  }
}

/// `DispatchQueue.concurrentPerform` with every iteration in the caller's live-object
/// scope (Dispatch's worker threads do not inherit it), so the caller's leak check
/// counts what the iterations make.
func concurrentPerform(iterations: Int, _ body: @Sendable (Int) -> Void) {
  let scope = LiveObjects.currentScope
  DispatchQueue.concurrentPerform(iterations: iterations) { index in
    LiveObjects.withScope(scope) { body(index) }
  }
}

/// Starts a thread with a stack of `stackSize` bytes that runs `body` in the caller's
/// live-object scope.
func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
  let scope = LiveObjects.currentScope
  let thread = Thread { LiveObjects.withScope(scope, body) }
  thread.stackSize = stackSize
  thread.start()
}
