import Dispatch
import Reactive
import ReactiveTesting
import Synchronization
import Testing

extension ReactiveTests {
  @Suite("from, range, repeat, generate on a scheduler")
  struct ScheduledFactoryTests {
    @Test("never and empty: an empty range completes from one scheduled action")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let res = scheduler.start { Signal<Int, TestError>.range(5..<5, on: scheduler) }
        #expect(res.events == [.completed(200)])
        // Nothing runs before the scheduler does.
        var events: [Event<Int, TestError>] = []
        let subscription = Signal<Int, TestError>.range(0..<3, on: scheduler)
          .subscribe(Observer { events.append($0) })
        #expect(events == [])
        scheduler.advance(by: 0)
        #expect(events == [.next(0), .next(1), .next(2), .completed])
        subscription.dispose()
      }
    }

    @Test("values: one action per value, interleaved with other work on the scheduler")
    func interleaved() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        var log: [String] = []
        let a = Signal<Int, TestError>.range(1...3, on: scheduler)
          .subscribe(next: { log.append("a\($0)") })
        let b = Signal<String, TestError>.from(["x", "y"], on: scheduler)
          .subscribe(next: { log.append($0) })
        scheduler.run()
        #expect(log == ["a1", "x", "a2", "y", "a3"])
        a.dispose()
        b.dispose()
      }
    }

    @Test("repeat and generate on a scheduler; a throwing step fails")
    func repeatAndGenerate() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let repeated = scheduler.start { Signal<Int, TestError>.repeat(7, count: 2, on: scheduler) }
        #expect(repeated.events == [.next(200, 7), .next(200, 7), .completed(200)])
        let endless = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) {
          Signal<Int, TestError>.repeat(1, on: scheduler).take(3)
        }
        #expect(endless.events.count == 4)
        var steps = 0
        let generated = scheduler.start(created: 1400, subscribed: 1500, disposed: 1600) {
          Signal<Int, TestError>.generate(
            1, while: { $0 < 100 },
            next: { (value: Int) throws(TestError) -> Int in
              steps += 1
              if value == 8 { throw TestError("step") }
              return value * 2
            }, on: scheduler)
        }
        #expect(
          generated.events == [
            .next(1500, 1), .next(1500, 2), .next(1500, 4), .next(1500, 8),
            .failed(1500, TestError("step")),
          ])
        #expect(steps == 4)
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("disposing cancels the next action: nothing more is pulled")
    func dispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        var pulled = 0
        let values = AnySequence { () -> AnyIterator<Int> in
          AnyIterator {
            pulled += 1
            return pulled
          }
        }
        var received: [Int] = []
        var subscription: Disposable?
        subscription = Signal<Int, TestError>.from(values, on: scheduler).subscribe(next: {
          received.append($0)
          if $0 == 2 { subscription?.dispose() }
        })
        scheduler.run()
        #expect(received == [1, 2])
        #expect(pulled == 2)
        #expect(!scheduler.hasPendingActions)
        subscription = nil
      }
    }

    @Test("an immediate scheduler sends 100,000 values in constant stack")
    func immediate() {
      expectNoLeaks {
        var count = 0
        var completed = false
        Signal<Int, Never>.range(0..<100_000, on: ImmediateScheduler())
          .subscribe(next: { _ in count += 1 }, completed: { completed = true })
        #expect(count == 100_000)
        #expect(completed)
      }
    }

    @Test("a queue scheduler sends every value on its queue, in order")
    func queue() {
      expectNoLeaks {
        let scheduler = QueueScheduler(name: "test.scheduled-range")
        let received = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        let subscription = Signal<Int, Never>.range(0..<100, on: scheduler).subscribe(
          next: { value in received.withLock { $0.append(value) } },
          completed: { done.signal() })
        done.wait()
        #expect(received.withLock { $0 } == Array(0..<100))
        subscription.dispose()
        scheduler.queue.sync {}
      }
    }
  }
}
