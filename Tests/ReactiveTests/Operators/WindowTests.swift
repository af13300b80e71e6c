import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("window")
  struct WindowTests {
    typealias R = Recorded<Int, TestError>

    /// Labels each value with the number of its window. `.concat` subscribes a window
    /// only after the previous one completed, and windows are hot: a value labelled with
    /// a later window proves the earlier one had completed by then.
    final class Labeller {
      var windows = 0

      func label(_ windows: Signal<Signal<Int, TestError>, TestError>) -> Signal<
        String, TestError
      > {
        windows.flatMap(.concat) { window in
          self.windows += 1
          let number = self.windows
          return window.map { "\(number):\($0)" }
        }
      }
    }

    @Test("count: windows of n values, each completing after its last")
    func count() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let labeller = Labeller()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])
        let res = scheduler.start { labeller.label(xs.signal.window(count: 2)) }
        #expect(
          res.events == [.next(210, "1:1"), .next(220, "1:2"), .next(230, "2:3"), .completed(300)])
        #expect(labeller.windows == 2)
        #expect(xs.subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("count: a failure fails the open window and the result; disposing unsubscribes")
    func countFailureAndDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        var windowEvents: [Event<Int, TestError>] = []
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(220, TestError("boom"))])
        let res = scheduler.start {
          xs.signal.window(count: 2).map { window in
            window.subscribe(Observer { windowEvents.append($0) })
            return 0
          }
        }
        #expect(res.events == [.next(210, 0), .failed(220, TestError("boom"))])
        #expect(windowEvents == [.next(1), .failed(TestError("boom"))])
        let labeller = Labeller()
        let ys = scheduler.createHotSignal([R.next(1210, 1), .next(1230, 2)])
        let disposed = scheduler.start(created: 1000, subscribed: 1200, disposed: 1220) {
          labeller.label(ys.signal.window(count: 2))
        }
        #expect(disposed.events == [.next(1210, "1:1")])
        #expect(ys.subscriptions == [Subscription(1200, 1220)])
      }
    }

    @Test("time: a window per period from the subscription on, empty ones included")
    func time() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let labeller = Labeller()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(240, 2), .next(250, 3), .completed(300),
        ])
        let res = scheduler.start {
          labeller.label(xs.signal.window(timeSpan: .seconds(30), on: scheduler))
        }
        #expect(
          res.events == [.next(210, "1:1"), .next(240, "2:2"), .next(250, "2:3"), .completed(300)])
        // Windows opened at 200, 230, 260 and 290.
        #expect(labeller.windows == 4)
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("time: a failure fails the window and the result; disposing stops the periods")
    func timeFailureAndDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let labeller = Labeller()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(240, TestError("boom"))])
        let res = scheduler.start {
          labeller.label(xs.signal.window(timeSpan: .seconds(30), on: scheduler))
        }
        #expect(res.events == [.next(210, "1:1"), .failed(240, TestError("boom"))])
        let ys = scheduler.createHotSignal([R.next(1210, 1), .next(1250, 2)])
        let disposed = scheduler.start(created: 1000, subscribed: 1200, disposed: 1240) {
          labeller.label(ys.signal.window(timeSpan: .seconds(30), on: scheduler))
        }
        #expect(disposed.events == [.next(1210, "3:1")])
        #expect(ys.subscriptions == [Subscription(1200, 1240)])
        #expect(!scheduler.hasPendingActions)
      }
    }
  }
}
