import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("window(timeSpan:count:)")
  struct WindowTimeCountTests {
    typealias R = Recorded<Int, TestError>

    /// Subscribes every window as it is sent and logs "window:event@time".
    final class WindowLog {
      let scheduler: TestScheduler
      var lines: [String] = []
      var windows = 0
      var subscriptions: [Disposable] = []

      init(_ scheduler: TestScheduler) { self.scheduler = scheduler }

      func observe(_ windows: Signal<Signal<Int, TestError>, TestError>) -> Signal<Int, TestError> {
        windows.map { [self] window in
          self.windows += 1
          let number = self.windows
          lines.append("\(number):open@\(scheduler.clock)")
          // Weak: the log keeps the subscription, which keeps this observer.
          subscriptions.append(
            window.subscribe(
              Observer { [weak self] event in
                guard let self else { return }
                lines.append("\(number):\(event)@\(scheduler.clock)")
              }))
          return number
        }
      }
    }

    @Test("never: empty windows one period apart, each opening as the last closes")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let log = WindowLog(scheduler)
        let xs = scheduler.createHotSignal([R.next(150, 1)])
        let res = scheduler.start(disposed: 350) {
          log.observe(xs.signal.window(timeSpan: .seconds(100), count: 2, on: scheduler))
        }
        #expect(res.events == [.next(200, 1), .next(300, 2)])
        #expect(log.lines == ["1:open@200", "1:completed@300", "2:open@300"])
        #expect(xs.subscriptions == [Subscription(200, 350)])
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("empty: the open window completes, then the result")
    func empty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let log = WindowLog(scheduler)
        let xs = scheduler.createHotSignal([R.completed(250)])
        let res = scheduler.start {
          log.observe(xs.signal.window(timeSpan: .seconds(100), count: 2, on: scheduler))
        }
        #expect(res.events == [.next(200, 1), .completed(250)])
        #expect(log.lines == ["1:open@200", "1:completed@250"])
      }
    }

    @Test("values: a full window closes at once and the next one gets a whole period")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let log = WindowLog(scheduler)
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(220, 2), .next(350, 3), .completed(500),
        ])
        let res = scheduler.start {
          log.observe(xs.signal.window(timeSpan: .seconds(100), count: 2, on: scheduler))
        }
        #expect(res.events.map(\.time) == [200, 220, 320, 420, 500])
        #expect(
          log.lines == [
            "1:open@200", "1:next(1)@210", "1:next(2)@220", "1:completed@220",
            "2:open@220", "2:completed@320",
            "3:open@320", "3:next(3)@350", "3:completed@420",
            "4:open@420", "4:completed@500",
          ])
        #expect(xs.subscriptions == [Subscription(200, 500)])
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("failure fails the open window and the result; disposing stops the periods")
    func failureAndDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let log = WindowLog(scheduler)
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(230, TestError("boom"))])
        let failed = scheduler.start {
          log.observe(xs.signal.window(timeSpan: .seconds(100), count: 5, on: scheduler))
        }
        #expect(failed.events == [.next(200, 1), .failed(230, TestError("boom"))])
        #expect(log.lines == ["1:open@200", "1:next(1)@210", "1:failed(boom)@230"])

        let other = WindowLog(scheduler)
        let ys = scheduler.createHotSignal([R.next(1210, 1), .next(1260, 2)])
        let disposed = scheduler.start(created: 1100, subscribed: 1200, disposed: 1250) {
          other.observe(ys.signal.window(timeSpan: .seconds(100), count: 5, on: scheduler))
        }
        #expect(disposed.events == [.next(1200, 1)])
        // The open window is left as it is: no more values, no completion.
        #expect(other.lines == ["1:open@1200", "1:next(1)@1210"])
        #expect(ys.subscriptions == [Subscription(1200, 1250)])
        #expect(!scheduler.hasPendingActions)
        for subscription in log.subscriptions + other.subscriptions { subscription.dispose() }
      }
    }
  }
}
