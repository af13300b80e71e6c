import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("Command")
  struct CommandTests {
    typealias R = Recorded<Int, TestError>

    /// A command whose execution for `n` sends n at +10, n * 2 at +20, completes at +30.
    static func makeCommand(
      _ scheduler: TestScheduler, enabledIf: Property<Bool>? = nil
    ) -> Command<Int, Int, TestError> {
      Command(enabledIf: enabledIf) { n in
        scheduler.createColdSignal([R.next(10, n), .next(20, n * 2), .completed(30)]).signal
      }
    }

    @Test("an execution: values, isExecuting and isEnabled around it, executionSignals")
    func execution() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let command = Self.makeCommand(scheduler)
        let executing = scheduler.createObserver(Bool.self, Never.self)
        let enabled = scheduler.createObserver(Bool.self, Never.self)
        let values = scheduler.createObserver(Int.self, Never.self)
        let errors = scheduler.createObserver(TestError.self, Never.self)
        let result = scheduler.createObserver(Int.self, CommandError<TestError>.self)
        var executions: [Signal<Int, TestError>] = []
        let observations = CompositeDisposable([
          command.isExecuting.signal.subscribe(executing.observer),
          command.isEnabled.signal.subscribe(enabled.observer),
          command.values.subscribe(values.observer),
          command.errors.subscribe(errors.observer),
          command.executionSignals.subscribe(next: { executions.append($0) }),
        ])
        scheduler.schedule(at: 100) { command.execute(5).subscribe(result.observer) }
        scheduler.run()
        #expect(executing.events == [.next(0, false), .next(100, true), .next(130, false)])
        #expect(enabled.events == [.next(0, true), .next(100, false), .next(130, true)])
        #expect(values.events == [.next(110, 5), .next(120, 10)])
        #expect(errors.events == [])
        #expect(result.events == [.next(110, 5), .next(120, 10), .completed(130)])
        #expect(executions.count == 1)
        var replayed: [Event<Int, TestError>] = []
        executions.first?.subscribe(Observer { replayed.append($0) })
        #expect(replayed == [.next(5), .next(10), .completed])
        observations.dispose()
      }
    }

    @Test("while executing it is disabled: a second execute fails at once, starts nothing")
    func notReentrant() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        var started: [Int] = []
        let command = Command<Int, Int, TestError> { n in
          started.append(n)
          return scheduler.createColdSignal([R.next(10, n), .completed(30)]).signal
        }
        let second = scheduler.createObserver(Int.self, CommandError<TestError>.self)
        let third = scheduler.createObserver(Int.self, CommandError<TestError>.self)
        var executions = 0
        let observation = command.executionSignals.subscribe(next: { _ in executions += 1 })
        scheduler.schedule(at: 100) { command.execute(1) }
        scheduler.schedule(at: 115) {
          #expect(command.isExecuting.value)
          #expect(!command.isEnabled.value)
          command.execute(2).subscribe(second.observer)
        }
        scheduler.schedule(at: 140) { command.execute(3).subscribe(third.observer) }
        scheduler.run()
        #expect(second.events == [.failed(115, .disabled)])
        #expect(third.events == [.next(150, 3), .completed(170)])
        #expect(started == [1, 3])
        #expect(executions == 2)
        observation.dispose()
      }
    }

    @Test("a failure goes to errors, never to values; the command is usable again")
    func failure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let command = Command<Int, Int, TestError> { n in
          scheduler.createColdSignal([R.next(10, n), .failed(20, TestError("boom"))]).signal
        }
        let values = scheduler.createObserver(Int.self, Never.self)
        let errors = scheduler.createObserver(TestError.self, Never.self)
        let executing = scheduler.createObserver(Bool.self, Never.self)
        let result = scheduler.createObserver(Int.self, CommandError<TestError>.self)
        let observations = CompositeDisposable([
          command.values.subscribe(values.observer),
          command.errors.subscribe(errors.observer),
          command.isExecuting.changes.subscribe(executing.observer),
        ])
        scheduler.schedule(at: 100) { command.execute(1).subscribe(result.observer) }
        scheduler.schedule(at: 200) { command.execute(2) }
        scheduler.run()
        #expect(values.events == [.next(110, 1), .next(210, 2)])
        #expect(errors.events == [.next(120, TestError("boom")), .next(220, TestError("boom"))])
        #expect(result.events == [.next(110, 1), .failed(120, .failed(TestError("boom")))])
        #expect(
          executing.events == [
            .next(100, true), .next(120, false), .next(200, true), .next(220, false),
          ])
        observations.dispose()
      }
    }

    @Test("enabledIf: disabled commands fail with .disabled; isEnabled follows both inputs")
    func enabledIf() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let allowed = MutableProperty(false)
        let command = Self.makeCommand(scheduler, enabledIf: Property(allowed))
        let enabled = scheduler.createObserver(Bool.self, Never.self)
        let refused = scheduler.createObserver(Int.self, CommandError<TestError>.self)
        let accepted = scheduler.createObserver(Int.self, CommandError<TestError>.self)
        let observation = command.isEnabled.signal.subscribe(enabled.observer)
        scheduler.schedule(at: 100) { command.execute(1).subscribe(refused.observer) }
        scheduler.schedule(at: 150) { allowed.value = true }
        scheduler.schedule(at: 200) { command.execute(2).subscribe(accepted.observer) }
        scheduler.schedule(at: 210) { allowed.value = false }
        scheduler.schedule(at: 220) { allowed.value = true }
        scheduler.run()
        #expect(refused.events == [.failed(100, .disabled)])
        #expect(accepted.events == [.next(210, 2), .next(220, 4), .completed(230)])
        #expect(
          enabled.events == [
            .next(0, false), .next(150, true), .next(200, false), .next(230, true),
          ])
        observation.dispose()
      }
    }

    @Test("execute is eager: it runs without a subscriber and the result replays")
    func eager() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let command = Self.makeCommand(scheduler)
        var result: Signal<Int, CommandError<TestError>>?
        scheduler.schedule(at: 100) { result = command.execute(7) }
        scheduler.advance(to: 200)
        #expect(!command.isExecuting.value)
        var late: [Event<Int, CommandError<TestError>>] = []
        result?.subscribe(Observer { late.append($0) })
        #expect(late == [.next(7), .next(14), .completed])
      }
    }

    @Test("an errors observer that retries at once starts a new execution")
    func retryFromErrors() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let command = Command<Int, Int, TestError> { n in
          scheduler.createColdSignal(
            n < 3
              ? [R.next(10, n), .failed(20, TestError("boom"))] : [R.next(10, n), .completed(20)]
          ).signal
        }
        let values = scheduler.createObserver(Int.self, Never.self)
        var retries: [Event<Int, CommandError<TestError>>] = []
        var attempt = 1
        let observations = CompositeDisposable([
          command.values.subscribe(values.observer),
          command.errors.subscribe(next: { _ in
            attempt += 1
            command.execute(attempt).subscribe(Observer { retries.append($0) })
          }),
        ])
        scheduler.schedule(at: 100) { command.execute(attempt) }
        scheduler.run()
        #expect(values.events == [.next(110, 1), .next(130, 2), .next(150, 3)])
        #expect(
          retries == [
            .next(2), .failed(.failed(TestError("boom"))), .next(3), .completed,
          ])
        #expect(command.isExecuting.value == false)
        observations.dispose()
      }
    }

    @Test("a synchronous execution, and executing again from its completion handler")
    func synchronous() {
      expectNoLeaks {
        let command = Command<Int, Int, Never> { n in .from([n, n + 1]) }
        var executing: [Bool] = []
        var values: [Int] = []
        var again: [Event<Int, CommandError<Never>>] = []
        let observations = CompositeDisposable([
          command.isExecuting.signal.subscribe(next: { executing.append($0) }),
          command.values.subscribe(next: { values.append($0) }),
        ])
        command.execute(1).subscribe(completed: {
          command.execute(10).subscribe(Observer { again.append($0) })
        })
        #expect(values == [1, 2, 10, 11])
        #expect(again == [.next(10), .next(11), .completed])
        #expect(executing == [false, true, false, true, false])
        observations.dispose()
      }
    }

    @Test("executing from an isExecuting observer when it turns false works")
    func executeFromObserver() {
      expectNoLeaks {
        let command = Command<Int, Int, Never> { n in .just(n) }
        var values: [Int] = []
        var pending = [2, 3]
        let a = command.values.subscribe(next: { values.append($0) })
        let b = command.isExecuting.changes.subscribe(next: { isExecuting in
          if !isExecuting, !pending.isEmpty { command.execute(pending.removeFirst()) }
        })
        command.execute(1)
        #expect(values == [1, 2, 3])
        a.dispose()
        b.dispose()
      }
    }

    @Test("deinitializing the command stops its running execution and completes its signals")
    func deinitStops() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let work = scheduler.createColdSignal([R.next(10, 1), .next(100, 2)])
        var command: Command<Void, Int, TestError>? = Command { work.signal }
        var valueEvents: [Event<Int, Never>] = []
        command!.values.subscribe(Observer { valueEvents.append($0) })
        command!.execute()
        scheduler.advance(to: 50)
        command = nil
        scheduler.run()
        #expect(valueEvents == [.next(1), .completed])
        #expect(work.subscriptions == [Subscription(0, 50)])
      }
    }
  }
}
