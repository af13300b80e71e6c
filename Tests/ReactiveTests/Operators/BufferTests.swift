import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("buffer")
  struct BufferTests {
    typealias R = Recorded<Int, TestError>

    @Test("count: full arrays in order, the rest at completion")
    func count() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          R.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5),
          .completed(300),
        ]) { $0.buffer(count: 2) }
        #expect(
          events == [.next(220, [1, 2]), .next(240, [3, 4]), .next(300, [5]), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("count: no empty array at completion; a failure drops what was gathered")
    func countEdges() {
      expectNoLeaks {
        let (exact, _) = runHot([R.next(210, 1), .next(220, 2), .completed(300)]) {
          $0.buffer(count: 2)
        }
        #expect(exact == [.next(220, [1, 2]), .completed(300)])
        let (failed, _) = runHot([R.next(210, 1), .failed(250, TestError("boom"))]) {
          $0.buffer(count: 2)
        }
        #expect(failed == [.failed(250, TestError("boom"))])
        let (disposed, subscriptions) = runHot([R.next(210, 1)], disposed: 250) {
          $0.buffer(count: 2)
        }
        #expect(disposed == [])
        #expect(subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("time: one array per period, none for an empty period, the rest at completion")
    func time() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(220, 2), .next(240, 3), .next(295, 4), .completed(300),
        ])
        let res = scheduler.start { xs.signal.buffer(timeSpan: .seconds(30), on: scheduler) }
        // Periods end at 230, 260 (nothing after 240 until 295), 290 (empty), then 300.
        #expect(
          res.events == [.next(230, [1, 2]), .next(260, [3]), .next(300, [4]), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(!scheduler.hasPendingActions)
      }
    }

    @Test("time and count: a full array is sent at once and starts a new period")
    func timeAndCount() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          R.next(210, 1), .next(215, 2), .next(220, 3), .completed(300),
        ])
        let res = scheduler.start {
          xs.signal.buffer(timeSpan: .seconds(30), count: 2, on: scheduler)
        }
        #expect(res.events == [.next(215, [1, 2]), .next(245, [3]), .completed(300)])
      }
    }

    @Test("time: a failure drops the array; disposing stops the periods")
    func timeFailureAndDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(210, 1), .failed(220, TestError("boom"))])
        let res = scheduler.start { xs.signal.buffer(timeSpan: .seconds(30), on: scheduler) }
        #expect(res.events == [.failed(220, TestError("boom"))])
        let ys = scheduler.createHotSignal([R.next(1210, 1), .next(1250, 2)])
        let disposed = scheduler.start(created: 1000, subscribed: 1200, disposed: 1240) {
          ys.signal.buffer(timeSpan: .seconds(30), on: scheduler)
        }
        #expect(disposed.events == [.next(1230, [1])])
        #expect(ys.subscriptions == [Subscription(1200, 1240)])
        #expect(!scheduler.hasPendingActions)
      }
    }
  }
}
