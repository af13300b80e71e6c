import Reactive
import ReactiveTesting
import Synchronization
import Testing

extension ReactiveTests {
  @Suite("Signal+Async")
  struct SignalAsyncTests {
    @Test("values of a signal that cannot fail: every value, then the loop ends")
    func nonThrowingValues() async {
      await expectNoLeaksEventually {
        var received: [Int] = []
        for await value in Signal<Int, Never>.from(1...3).values { received.append(value) }
        #expect(received == [1, 2, 3])
      }
    }

    @Test("values of a failing signal: the values, then the failure is thrown")
    func throwingValues() async {
      await expectNoLeaksEventually {
        let signal = Signal<Int, TestError> { observer in
          observer.send(1)
          observer.send(2)
          observer.send(error: TestError("boom"))
          return Disposables.empty
        }
        var received: [Int] = []
        await #expect(throws: TestError("boom")) {
          for try await value in signal.values { received.append(value) }
        }
        #expect(received == [1, 2])
      }
    }

    @Test("empty: the loop ends at once")
    func empty() async throws {
      try await expectNoLeaksEventually {
        var count = 0
        for try await _ in Signal<Int, TestError>.empty().values { count += 1 }
        #expect(count == 0)
      }
    }

    @Test("cancelling the iterating task disposes the subscription")
    func cancellation() async {
      await expectNoLeaksEventually {
        let (disposed, disposedContinuation) = AsyncStream<Void>.makeStream()
        let (received, receivedContinuation) = AsyncStream<Int>.makeStream()
        let never = Signal<Int, Never> { observer in
          observer.send(1)
          return AnyDisposable { disposedContinuation.yield() }
        }
        let task = Task {
          for await value in never.values { receivedContinuation.yield(value) }
        }
        var firstReceived = received.makeAsyncIterator()
        #expect(await firstReceived.next() == 1)
        task.cancel()
        await task.value
        var firstDisposed = disposed.makeAsyncIterator()
        #expect(await firstDisposed.next() != nil)
      }
    }

    @Test("leaving the loop early disposes the subscription")
    func breakEarly() async {
      await expectNoLeaksEventually {
        let subject = BehaviorSubject<Int, Never>(value: 1)
        let (disposed, disposedContinuation) = AsyncStream<Void>.makeStream()
        let signal = Signal<Int, Never> { observer in
          let inner = subject.signal.subscribe(observer)
          return AnyDisposable {
            inner.dispose()
            disposedContinuation.yield()
          }
        }
        for await value in signal.values {
          #expect(value == 1)
          break
        }
        var firstDisposed = disposed.makeAsyncIterator()
        #expect(await firstDisposed.next() != nil)
      }
    }

    @Test("Signal(operation:) sends the result, then completes")
    func operationValue() async {
      await expectNoLeaksEventually {
        let signal = Signal<Int, Never>(operation: {
          await Task.yield()
          return 42
        })
        var received: [Int] = []
        for await value in signal.values { received.append(value) }
        #expect(received == [42])
      }
    }

    @Test("Signal(operation:) fails with the typed error the operation throws")
    func operationFailure() async {
      await expectNoLeaksEventually {
        let signal = Signal<Int, TestError> { () async throws(TestError) -> Int in
          throw TestError("nope")
        }
        await #expect(throws: TestError("nope")) {
          for try await _ in signal.values {}
        }
      }
    }

    @Test("Signal(operation:) runs once per subscription")
    func operationPerSubscription() async {
      await expectNoLeaksEventually {
        let runs = Atomic<Int>(0)
        let signal = Signal<Int, Never>(operation: { runs.add(1, ordering: .relaxed).newValue })
        var received: [Int] = []
        for await value in signal.values { received.append(value) }
        for await value in signal.values { received.append(value) }
        #expect(received == [1, 2])
      }
    }

    @Test("disposing cancels the operation's task; its result is dropped")
    func operationCancelled() async {
      await expectNoLeaksEventually {
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let (finished, finishedContinuation) = AsyncStream<Bool>.makeStream()
        let signal = Signal<Int, Never>(operation: {
          startedContinuation.yield()
          try? await Task.sleep(for: .seconds(30))
          finishedContinuation.yield(Task.isCancelled)
          return 1
        })
        let received = Mutex<[Event<Int, Never>]>([])
        let subscription = signal.subscribe(
          Observer { event in received.withLock { $0.append(event) } })
        var startedIterator = started.makeAsyncIterator()
        _ = await startedIterator.next()
        subscription.dispose()
        var finishedIterator = finished.makeAsyncIterator()
        #expect(await finishedIterator.next() == true)
        #expect(received.withLock { $0 } == [])
      }
    }
  }
}

/// `expectNoLeaks` for async tests: a task may release what it captured a moment after
/// the test saw its effects, so this waits (polling every millisecond, for at most a
/// second) for the live-object count of `body`'s own scope to reach zero before
/// expecting it.
private func expectNoLeaksEventually(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async rethrows {
  let scope = LiveObjectScope()
  try await LiveObjects.withScope(scope, body)
  for _ in 0..<1000 where scope.count != 0 {
    try? await Task.sleep(for: .milliseconds(1))
  }
  #expect(scope.count == 0, "live library objects leaked", sourceLocation: sourceLocation)
}
