import Foundation
import Reactive
import ReactiveTesting
import Synchronization
import Testing

/// Runs `body` on a new thread with an ordinary 8 MiB stack (the Linux default for the
/// main thread; Swift Testing's worker threads may have more) and waits for it.
private func onEightMegabyteStack(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.stackSize = 8 << 20
  thread.start()
  done.wait()
}

/// What a subscription received, written on the test thread, read after it joined.
private final class Tally: @unchecked Sendable {
  // @unchecked: written by the one test thread, read after `done.wait()`.
  var count = 0
  var last: Int?
  var completed = false
  var failure: TestError?

  var observer: Observer<Int, TestError> {
    Observer { [self] event in
      switch event {
      case .next(let value):
        count += 1
        last = value
      case .failed(let error): failure = error
      case .completed: completed = true
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

    /// Recursion through `flatMap(.concat)` and `deferred` (a pager asking for the next
    /// page from inside the current one) nests for real: page k's values reach the
    /// subscriber through every level above it, so the stack grows with the depth, as in
    /// every Rx library. Measured in a debug build: more than 8 KiB of stack per page,
    /// so 1,000 pages overflow 8 MiB; this checks 100. (A concat whose last inner
    /// replaces it, handing that inner its own observer, would make this constant; not
    /// done. A per-thread trampoline for the subscriptions alone does not help: the
    /// values still pass through every level.)
    @Test("recursive flatMap(.concat) paging, 100 pages deep (a known limit)")
    func recursivePaging() {
      expectNoLeaks {
        let tally = Tally()
        onEightMegabyteStack {
          func pages(from first: Int) -> Signal<Int, TestError> {
            Signal<Int, TestError>.just(first).flatMap(.concat) {
              (page: Int) throws(TestError) -> Signal<Int, TestError> in
              let next = Signal<Int, TestError>.deferred { () throws(TestError) in
                pages(from: page + 1)
              }
              return page == 99 ? .just(page) : Signal.just(page).concat(next)
            }
          }
          pages(from: 0).subscribe(tally.observer)
        }
        #expect(tally.count == 100)
        #expect(tally.completed)
      }
    }
  }
}
