import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("timer")
  struct TimerTests {
    @Test("one-shot: 0 after the delay, then completion")
    func oneShot() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let res = scheduler.start { Signal.timer(.seconds(30), on: scheduler) }
        #expect(res.events == [.next(230, 0), .completed(230)])
      }
    }

    @Test("one-shot: disposing before the delay sends nothing and cancels the timer")
    func oneShotDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let res = scheduler.start(disposed: 220) { Signal.timer(.seconds(30), on: scheduler) }
        #expect(res.events == [])
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("periodic: 0 after the delay, then one value per period until disposed")
    func periodic() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let res = scheduler.start(disposed: 300) {
          Signal.timer(.seconds(30), period: .seconds(20), on: scheduler)
        }
        #expect(res.events == [.next(230, 0), .next(250, 1), .next(270, 2), .next(290, 3)])
        #expect(!scheduler.hasPendingActions)
      }
    }
  }
}
