import Foundation
import Reactive
import ReactiveTesting
import Synchronization
import Testing

/// Runs `body` on a new thread with an ordinary 8 MiB stack (the Linux default for the
/// main thread; Swift Testing's worker threads may have more) and waits for it.
private func onEightMegabyteStack(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  startThread(stackSize: 8 << 20) {
    body()
    done.signal()
  }
  done.wait()
}

/// What a subscription received, written on the test thread, read after it joined.
private final class Tally: @unchecked Sendable {
  // @unchecked: written by the one test thread, read after `done.wait()`.
  var count = 0
  var last: Int?
  var completed = false
  var failure: TestError?
  /// How many terminal events arrived.
  var terminals = 0
  /// Whether the values were 0, 1, 2, … in that order.
  var inOrder = true

  var observer: Observer<Int, TestError> {
    Observer { [self] event in
      switch event {
      case .next(let value):
        if value != count { inOrder = false }
        count += 1
        last = value
      case .failed(let error):
        failure = error
        terminals += 1
      case .completed:
        completed = true
        terminals += 1
      }
    }
  }
}

extension ReactiveTests {
  @Suite("stack safety: 100,000-deep synchronous recursions on an 8 MiB stack")
  struct StackSafetyTests {
    @Test("a.concat(b).concat(c)… chained 100,000 deep: built, run and released")
    func chainedConcat() {
      expectNoLeaks {
        let tally = Tally()
        onEightMegabyteStack {
          var chain = Signal<Int, TestError>.just(0)
          for value in 1..<100_000 { chain = chain.concat(.just(value)) }
          chain.subscribe(tally.observer)
        }
        #expect(tally.count == 100_000)
        #expect(tally.last == 99_999)
        #expect(tally.completed)
      }
    }

    @Test("a right-nested chain a.concat(b.concat(c.concat(…))) 100,000 deep")
    func rightNestedConcat() {
      expectNoLeaks {
        let tally = Tally()
        onEightMegabyteStack {
          var chain = Signal<Int, TestError>.just(99_999)
          for value in (0..<99_999).reversed() { chain = Signal.just(value).concat(chain) }
          chain.subscribe(tally.observer)
        }
        #expect(tally.count == 100_000)
        #expect(tally.last == 99_999)
        #expect(tally.completed)
      }
    }

    @Test("Signal.concat of 100,000 synchronous signals")
    func concatSequence() {
      expectNoLeaks {
        let tally = Tally()
        onEightMegabyteStack {
          Signal.concat((0..<100_000).map { Signal<Int, TestError>.just($0) })
            .subscribe(tally.observer)
        }
        #expect(tally.count == 100_000)
        #expect(tally.completed)
      }
    }

    @Test("retry: a source failing synchronously 100,000 times, then succeeding")
    func retry() {
      expectNoLeaks {
        let tally = Tally()
        onEightMegabyteStack {
          var attempts = 0
          let flaky = Signal<Int, TestError> { observer in
            attempts += 1
            if attempts <= 100_000 {
              observer.send(error: TestError("not yet"))
            } else {
              observer.send(attempts)
              observer.sendCompleted()
            }
            return Disposables.empty
          }
          flaky.retry().subscribe(tally.observer)
        }
        #expect(tally.count == 1)
        #expect(tally.last == 100_001)
        #expect(tally.completed)
      }
    }

    @Test("retry(100,000) of a synchronous failure fails once")
    func retryCount() {
      expectNoLeaks {
        let tally = Tally()
        onEightMegabyteStack {
          Signal<Int, TestError>.error(TestError("e")).retry(100_000).subscribe(tally.observer)
        }
        #expect(tally.failure == TestError("e"))
      }
    }

    @Test(
      "flatMap over 100,000 synchronous inners",
      arguments: [FlattenStrategy.concat, .concurrent(4), .merge, .latest, .first])
    func flatMapSynchronous(strategy: FlattenStrategy) {
      expectNoLeaks {
        let tally = Tally()
        onEightMegabyteStack {
          Signal<Int, TestError>.from(0..<100_000).flatMap(strategy) { .just($0) }
            .subscribe(tally.observer)
        }
        #expect(tally.count == 100_000)
        #expect(tally.completed)
      }
    }

    /// The pager: page `k` asks for page `k + 1` from inside its own `flatMap(.concat)`,
    /// through `deferred`. Each page's last signal gets its downstream handed over, and
    /// its start is queued on the thread's tail-start loop, so neither the values nor
    /// the subscriptions nest (Reactive.docc/Contracts.md, the tail starts of `flatMap(.concat)`).
    @Test("recursive flatMap(.concat) paging, 100,000 pages deep, in constant memory")
    func recursivePaging() {
      expectNoLeaks {
        let tally = Tally()
        let pager = Pager(pages: 100_000)
        onEightMegabyteStack {
          pager.signal(from: 0).subscribe(tally.observer)
        }
        #expect(tally.count == 100_000)
        #expect(tally.inOrder)
        #expect(tally.last == 99_999)
        #expect(tally.completed)
        // Finished pages are released as the pager goes: as many objects live at page
        // 90,000 as at page 1,000 (none in a release build, which does not count).
        #expect(pager.liveObjects[90_000] == pager.liveObjects[1_000])
      }
    }

    @Test("the 100,000-page pager disposed halfway by its subscriber (take)")
    func recursivePagingTaken() {
      expectNoLeaks {
        let tally = Tally()
        let pager = Pager(pages: 100_000)
        onEightMegabyteStack {
          pager.signal(from: 0).take(50_000).subscribe(tally.observer)
        }
        #expect(tally.count == 50_000)
        #expect(tally.inOrder)
        #expect(tally.completed)
        // The page after the last one taken is never asked for.
        #expect(pager.built == 50_000)
      }
    }

    @Test("a failure in page 60,000 of the pager ends it, with nothing after")
    func recursivePagingFailure() {
      expectNoLeaks {
        let tally = Tally()
        let pager = Pager(pages: 100_000, failing: 60_000)
        onEightMegabyteStack {
          pager.signal(from: 0).subscribe(tally.observer)
        }
        #expect(tally.count == 60_000)
        #expect(tally.inOrder)
        #expect(tally.failure == TestError("page 60000"))
        #expect(!tally.completed)
        #expect(pager.built == 60_001)
      }
    }

    @Test(
      "the pager over asynchronous pages: the same events at the same times",
      arguments: [10, 20])
    func asynchronousPaging(pageCompletes: Int) {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let page = scheduler.createColdSignal([
          Recorded<Int, TestError>.next(10, 0), .completed(pageCompletes),
        ])
        func pages(from first: Int) -> Signal<Int, TestError> {
          page.signal.map { _ in first }.flatMap(.concat) {
            (number: Int) throws(TestError) -> Signal<Int, TestError> in
            number == 4
              ? .just(number)
              : Signal.just(number).concat(.deferred { pages(from: number + 1) })
          }
        }
        let recorded = scheduler.start { pages(from: 0) }
        // Page k arrives 10 ticks after page k - 1; the last page's own signal
        // completes `pageCompletes` after it was subscribed, and so does the pager.
        #expect(
          recorded.events == [
            .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4),
            .completed(240 + pageCompletes),
          ])
        #expect(
          page.subscriptions
            == (0..<5).map { Subscription(200 + 10 * $0, 200 + 10 * $0 + pageCompletes) })
      }
    }

    /// The pager over pages that send from a scheduler callback and complete later (a
    /// network pager): each page's `flatMap` learns that its outer completed only after
    /// its last inner started, so it cannot hand that inner over; its relay takes it out
    /// of the path at the next event instead, onto the relay above (`ConcatRelay`).
    @Test(
      "asynchronous paging, 100,000 pages deep, in constant stack and memory",
      arguments: [10, 20, 25])
    func asynchronousPagingDeep(pageCompletes: Int) {
      expectNoLeaks {
        let tally = Tally()
        let scheduler = TestScheduler()
        let pager = AsynchronousPager(
          scheduler: scheduler, pages: 100_000, pageCompletes: pageCompletes)
        onEightMegabyteStack {
          let subscription = pager.signal(from: 0).subscribe(tally.observer)
          scheduler.run()
          _ = subscription
        }
        #expect(tally.count == 100_000)
        #expect(tally.inOrder)
        #expect(tally.last == 99_999)
        #expect(tally.completed)
        #expect(tally.terminals == 1)
        // The last page is subscribed at 999,990 and completes `pageCompletes` later.
        #expect(scheduler.clock == 999_990 + pageCompletes)
        // Finished pages are released as the pager goes.
        #expect(pager.liveObjects[90_000] == pager.liveObjects[1_000])
      }
    }

    @Test("the asynchronous pager disposed halfway by its subscriber (take)")
    func asynchronousPagingTaken() {
      expectNoLeaks {
        let tally = Tally()
        let scheduler = TestScheduler()
        let pager = AsynchronousPager(scheduler: scheduler, pages: 100_000, pageCompletes: 10)
        onEightMegabyteStack {
          let subscription = pager.signal(from: 0).take(50_000).subscribe(tally.observer)
          scheduler.run()
          _ = subscription
        }
        #expect(tally.count == 50_000)
        #expect(tally.inOrder)
        #expect(tally.completed)
        // Taken with page 49,999's value: the next page is never asked for, and nothing
        // is left scheduled (`run()` returned at once).
        #expect(pager.built == 50_000)
        #expect(scheduler.clock == 500_000)
      }
    }

    @Test("a failure in page 60,000 of the asynchronous pager ends it, with nothing after")
    func asynchronousPagingFailure() {
      expectNoLeaks {
        let tally = Tally()
        let scheduler = TestScheduler()
        let pager = AsynchronousPager(
          scheduler: scheduler, pages: 100_000, pageCompletes: 10, failing: 60_000)
        onEightMegabyteStack {
          let subscription = pager.signal(from: 0).subscribe(tally.observer)
          scheduler.run()
          _ = subscription
        }
        #expect(tally.count == 60_000)
        #expect(tally.inOrder)
        #expect(tally.failure == TestError("page 60000"))
        #expect(tally.terminals == 1)
        #expect(pager.built == 60_001)
        #expect(scheduler.clock == 600_010)
      }
    }

    /// Pages sent from two threads: page `k`'s completion (on one) races page `k + 1`'s
    /// value (on the other), so a relay is asked to collapse while an event passes.
    @Test("the asynchronous pager with values and completions on two threads")
    func asynchronousPagingThreads() {
      expectNoLeaks {
        let tally = Tally()
        let done = DispatchSemaphore(value: 0)
        let workers = (values: JobQueue(), completions: JobQueue())
        let pages = 5_000
        @Sendable func signal(from first: Int) -> Signal<Int, TestError> {
          let page = Signal<Int, TestError> { observer in
            workers.values.add {
              observer.send(first)
              workers.completions.add { observer.sendCompleted() }
            }
            return Disposables.empty
          }
          return page.flatMap(.concat) { (number: Int) throws(TestError) in
            guard number + 1 < pages else { return .just(number) }
            return Signal.just(number).concat(.deferred { signal(from: number + 1) })
          }
        }
        runOnThreads(3) { index in
          switch index {
          case 0:
            let subscription = signal(from: 0).subscribe(
              Observer { event in
                tally.observer.on(event)
                if event.isTerminal { done.signal() }
              })
            done.wait()
            subscription.dispose()
            workers.values.stop()
            workers.completions.stop()
          case 1: workers.values.run()
          default: workers.completions.run()
          }
        }
        #expect(tally.count == pages)
        #expect(tally.inOrder)
        #expect(tally.completed)
        #expect(tally.terminals == 1)
      }
    }
  }
}

/// The pager of the recursion tests: page `k`'s signal sends `k`; the transform of
/// `flatMap(.concat)` sends it and then, through `deferred`, the next page (none after
/// the last). `failing` names a page whose signal fails instead.
private final class Pager: @unchecked Sendable {
  // @unchecked: used on one test thread, read after it joined.
  let pages: Int
  let failing: Int?
  /// How many pages were asked for.
  var built = 0
  /// `LiveObjectCount.current` when pages 1,000 and 90,000 were asked for.
  var liveObjects: [Int: Int] = [:]

  init(pages: Int, failing: Int? = nil) {
    self.pages = pages
    self.failing = failing
  }

  func signal(from first: Int) -> Signal<Int, TestError> {
    built += 1
    if first == 1_000 || first == 90_000 { liveObjects[first] = LiveObjectCount.current }
    let page: Signal<Int, TestError> =
      first == failing ? .error(TestError("page \(first)")) : .just(first)
    return page.flatMap(.concat) { [self] (number: Int) throws(TestError) in
      guard number + 1 < pages else { return .just(number) }
      return Signal.just(number).concat(.deferred { self.signal(from: number + 1) })
    }
  }
}

/// The pager of the asynchronous tests: page `k`'s signal sends `k` 10 ticks after it
/// is subscribed and completes `pageCompletes` ticks after it is subscribed; the
/// transform sends it and then, through `deferred`, the next page (none after the last).
/// `failing` names a page whose signal fails at 10 ticks instead.
private final class AsynchronousPager: @unchecked Sendable {
  // @unchecked: used on one test thread, read after it joined.
  let scheduler: TestScheduler
  let pages: Int
  let pageCompletes: Int
  let failing: Int?
  /// How many pages were asked for.
  var built = 0
  /// `LiveObjectCount.current` when pages 1,000 and 90,000 were asked for.
  var liveObjects: [Int: Int] = [:]

  init(scheduler: TestScheduler, pages: Int, pageCompletes: Int, failing: Int? = nil) {
    self.scheduler = scheduler
    self.pages = pages
    self.pageCompletes = pageCompletes
    self.failing = failing
  }

  func signal(from first: Int) -> Signal<Int, TestError> {
    built += 1
    if first == 1_000 || first == 90_000 { liveObjects[first] = LiveObjectCount.current }
    let page = Signal<Int, TestError> { [scheduler, pageCompletes, failing] observer in
      let start = scheduler.clock
      let value = scheduler.schedule(at: start + 10) {
        if first == failing {
          observer.send(error: TestError("page \(first)"))
        } else {
          observer.send(first)
        }
      }
      let end = scheduler.schedule(at: start + pageCompletes) { observer.sendCompleted() }
      return CompositeDisposable([value, end])
    }
    return page.flatMap(.concat) { [self] (number: Int) throws(TestError) in
      guard number + 1 < pages else { return .just(number) }
      return Signal.just(number).concat(.deferred { self.signal(from: number + 1) })
    }
  }
}

/// Jobs run in order by the one thread that calls `run()`, until `stop()`.
private final class JobQueue: @unchecked Sendable {
  // @unchecked: the jobs are behind the condition's lock.
  private let condition = NSCondition()
  private var jobs: [() -> Void] = []
  private var stopped = false

  func add(_ job: @escaping () -> Void) {
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  func run() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job()
    }
  }
}
