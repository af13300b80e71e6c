import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("Signal.interval")
  struct IntervalTests {
    @Test("sends 0, 1, 2, … one per period, the first after one period")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let res = scheduler.start(disposed: 245) {
          Signal.interval(.seconds(10), on: scheduler)
        }
        #expect(
          res.events == [.next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3)])
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("each subscription counts from zero")
    func perSubscription() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let ticks = Signal.interval(.seconds(20), on: scheduler)
        var first: [Int] = []
        var second: [Int] = []
        let a = ticks.subscribe(next: { first.append($0) })
        scheduler.advance(to: 40)
        let b = ticks.subscribe(next: { second.append($0) })
        scheduler.advance(to: 80)
        a.dispose()
        b.dispose()
        scheduler.run()
        #expect(first == [0, 1, 2, 3])
        #expect(second == [0, 1])
      }
    }

    @Test("disposing before the first tick sends nothing")
    func disposeEarly() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let res = scheduler.start(disposed: 205) {
          Signal.interval(.seconds(10), on: scheduler)
        }
        #expect(res.events == [])
      }
    }
  }
}
