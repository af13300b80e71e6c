import Dispatch
import Foundation
import Reactive
import ReactiveTesting
import Synchronization
import Testing

extension ReactiveTests {
  @Suite("Schedulers")
  struct SchedulerTests {
    @Test("TestScheduler runs due actions in time order, ties in scheduling order")
    func testSchedulerOrder() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.schedule(at: 20) { log.append("b@\(scheduler.clock)") }
        scheduler.schedule(at: 10) { log.append("a@\(scheduler.clock)") }
        scheduler.schedule(at: 20) { log.append("c@\(scheduler.clock)") }
        let cancelled = scheduler.schedule(at: 15) { log.append("never") }
        cancelled.dispose()
        #expect(!log.contains("never"))
        scheduler.advance(to: 15)
        #expect(log == ["a@10"])
        scheduler.run()
        #expect(log == ["a@10", "b@20", "c@20"])
        #expect(scheduler.clock == 20)
      }
    }

    @Test("TestScheduler repeats every interval until disposed; durations round up")
    func testSchedulerRepeating() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        var ticks: [Int] = []
        let timer = scheduler.schedule(after: .seconds(5), interval: .seconds(10)) {
          ticks.append(scheduler.clock)
        }
        scheduler.advance(to: 40)
        timer.dispose()
        scheduler.advance(to: 100)
        #expect(ticks == [5, 15, 25, 35])
        #expect(scheduler.ticks(.milliseconds(1_500)) == 2)
      }
    }

    @Test("QueueScheduler runs actions in order on its queue; disposing cancels a timer")
    func queueScheduler() {
      let live = LiveObjectCount.current
      let scheduler = QueueScheduler(name: "test.queue")
      do {
        let log = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        for value in 0..<100 { scheduler.schedule { log.withLock { $0.append(value) } } }
        let cancelled = scheduler.schedule(after: .milliseconds(10)) {
          log.withLock { $0.append(-1) }
        }
        cancelled.dispose()
        scheduler.schedule(after: .milliseconds(30)) { done.signal() }
        done.wait()
        #expect(log.withLock { $0 } == Array(0..<100))
      }
      // The timers' handlers, and the disposables they hold, are released on the queue
      // after `done` is signalled: wait for that before counting (seen under the
      // sanitizers, which slow the queue down).
      let deadline = ContinuousClock.now + .seconds(5)
      while LiveObjectCount.current != live, ContinuousClock.now < deadline {
        scheduler.queue.sync {}
        Thread.sleep(forTimeInterval: 0.001)
      }
      #expect(LiveObjectCount.current == live)
    }
  }
}
