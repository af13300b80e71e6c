import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("timer and interval with a failure type")
  struct FailableTimerTests {
    /// A timer typed to fail, merged with a signal that does.
    @Test("timer and interval combine with failable signals without conversion")
    func combine() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let failing = scheduler.createHotSignal([
          Recorded<Int, TestError>.failed(245, TestError("boom"))
        ])
        let res = scheduler.start {
          Signal.merge([
            Signal<Int, TestError>.interval(.seconds(20), on: scheduler),
            Signal<Int, TestError>.timer(.seconds(30), on: scheduler).map { $0 + 100 },
            failing.signal,
          ])
        }
        #expect(
          res.events == [
            .next(220, 0), .next(230, 100), .next(240, 1), .failed(245, TestError("boom")),
          ])
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("never, values, dispose: the failable forms tick as the others do")
    func matrix() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let periodic = scheduler.start(disposed: 265) {
          Signal<Int, TestError>.timer(.seconds(10), period: .seconds(20), on: scheduler)
        }
        #expect(periodic.events == [.next(210, 0), .next(230, 1), .next(250, 2)])
        let oneShot = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) {
          Signal<Int, TestError>.timer(.seconds(5), on: scheduler)
        }
        #expect(oneShot.events == [.next(1205, 0), .completed(1205)])
        let disposedEarly = scheduler.start(created: 1400, subscribed: 1500, disposed: 1510) {
          Signal<Int, TestError>.interval(.seconds(20), on: scheduler)
        }
        #expect(disposedEarly.events == [])
        #expect(!scheduler.hasPendingActions)
        // Without a type, the never-failing form is chosen.
        let plain = Signal.interval(.seconds(1), on: scheduler)
        let _: Signal<Int, Never> = plain
      }
    }
  }
}
