import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("takeLast, element(at:)")
  struct TakeLastTests {
    typealias R = Recorded<Int, TestError>

    @Test("takeLast: the last n values at completion, then completion")
    func takeLast() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          R.next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ]) { $0.takeLast(2) }
        #expect(events == [.next(300, 2), .next(300, 3), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("takeLast: fewer values than n are all sent; takeLast(0) only completes")
    func takeLastFewer() {
      expectNoLeaks {
        let (events, _) = runHot([R.next(210, 1), .completed(300)]) { $0.takeLast(5) }
        #expect(events == [.next(300, 1), .completed(300)])
        let (none, _) = runHot([R.next(210, 1), .completed(300)]) { $0.takeLast(0) }
        #expect(none == [.completed(300)])
      }
    }

    @Test("takeLast: a failure drops the kept values")
    func takeLastFailure() {
      expectNoLeaks {
        let (events, _) = runHot([R.next(210, 1), .failed(250, TestError("boom"))]) {
          $0.takeLast(2)
        }
        #expect(events == [.failed(250, TestError("boom"))])
      }
    }

    @Test("takeLast: never and disposal send nothing")
    func takeLastDispose() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([R.next(210, 1)], disposed: 400) { $0.takeLast(2) }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 400)])
      }
    }

    @Test("element(at:): the value at the index, then completion and unsubscription")
    func elementAt() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          R.next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ]) { $0.element(at: 1) }
        #expect(events == [.next(220, 2), .completed(220)])
        #expect(subscriptions == [Subscription(200, 220)])
      }
    }

    @Test("element(at:): a source that completes too early completes without a value")
    func elementAtTooShort() {
      expectNoLeaks {
        let (events, _) = runHot([R.next(210, 1), .completed(300)]) { $0.element(at: 3) }
        #expect(events == [.completed(300)])
      }
    }

    @Test("element(at:): a failure before the index fails; disposing early sends nothing")
    func elementAtFailure() {
      expectNoLeaks {
        let (failed, _) = runHot([R.next(210, 1), .failed(220, TestError("boom"))]) {
          $0.element(at: 1)
        }
        #expect(failed == [.failed(220, TestError("boom"))])
        let (disposed, subscriptions) = runHot([R.next(210, 1), .next(260, 2)], disposed: 250) {
          $0.element(at: 1)
        }
        #expect(disposed == [])
        #expect(subscriptions == [Subscription(200, 250)])
      }
    }
  }
}
