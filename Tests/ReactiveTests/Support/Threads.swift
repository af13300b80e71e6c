import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `body(index)` on `count` new threads at once and joins them all, so that
/// everything the threads captured is released before this returns (leak checks
/// depend on that; `Thread` may release its closure after the work is done).
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  final class Job: @unchecked Sendable {
    // @unchecked: immutable after init; each job runs on exactly one thread.
    let index: Int
    let body: @Sendable (Int) -> Void
    init(_ index: Int, _ body: @escaping @Sendable (Int) -> Void) {
      self.index = index
      self.body = body
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
        job.body(job.index)
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
