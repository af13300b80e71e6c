import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("catch")
  struct CatchTests {
    struct OtherError: Error, Equatable {}

    @Test("never: no events, handler not called")
    func never() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([Recorded<Int, TestError>.next(150, 1)])
        var calls = 0
        let res = scheduler.start {
          xs.signal.catch { _ -> Signal<Int, Never> in
            calls += 1
            return .empty()
          }
        }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(calls == 0)
      }
    }

    @Test("empty and values pass through")
    func values() {
      expectNoLeaks {
        let (events, subscriptions) = runHot([
          .next(150, 0), .next(210, 1), .next(220, 2), Recorded<Int, TestError>.completed(300),
        ]) { $0.catch { _ in Signal<Int, Never>.just(9) } }
        #expect(events == [.next(210, 1), .next(220, 2), .completed(300)])
        #expect(subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("failure switches to the handler's signal after unsubscribing the failed one")
    func switchesOnFailure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), Recorded<Int, TestError>.failed(230, TestError("boom")), .next(240, 2),
        ])
        let ys = scheduler.createColdSignal([
          .next(10, 100), .next(20, 200), Recorded<Int, Never>.completed(30),
        ])
        var handled: [TestError] = []
        let res = scheduler.start {
          xs.signal.catch { error in
            handled.append(error)
            return ys.signal
          }
        }
        #expect(
          res.events == [.next(210, 1), .next(240, 100), .next(250, 200), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 260)])
        #expect(handled == [TestError("boom")])
      }
    }

    @Test("the handler's signal may fail with a new error type")
    func newFailure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), Recorded<Int, TestError>.failed(230, TestError("boom")),
        ])
        let res = scheduler.start {
          xs.signal.catch { _ in Signal<Int, OtherError>.error(OtherError()) }
        }
        #expect(res.events == [.next(210, 1), .failed(230, OtherError())])
        #expect(xs.subscriptions == [Subscription(200, 230)])
      }
    }

    @Test("disposing before the failure: handler never called")
    func disposeBeforeFailure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), Recorded<Int, TestError>.failed(300, TestError("boom")),
        ])
        var calls = 0
        let res = scheduler.start(disposed: 250) {
          xs.signal.catch { _ -> Signal<Int, Never> in
            calls += 1
            return .never()
          }
        }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(calls == 0)
      }
    }

    @Test("disposing after the switch unsubscribes the handler's signal")
    func disposeAfterSwitch() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, 1), Recorded<Int, TestError>.failed(230, TestError("boom")),
        ])
        let ys = scheduler.createColdSignal([
          .next(10, 100), .next(100, 200), Recorded<Int, Never>.completed(200),
        ])
        let res = scheduler.start(disposed: 300) { xs.signal.catch { _ in ys.signal } }
        #expect(res.events == [.next(210, 1), .next(240, 100)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 300)])
      }
    }

    @Test("synchronous failure and fallback; chained catches")
    func synchronous() {
      expectNoLeaks {
        var events: [Event<Int, OtherError>] = []
        var disposed = 0
        let failing = Signal<Int, TestError> { observer in
          observer.send(1)
          observer.send(error: TestError("first"))
          return AnyDisposable { disposed += 1 }
        }
        let subscription =
          failing
          .catch { _ in Signal<Int, TestError>.error(TestError("second")) }
          .catch { error in Signal<Int, OtherError>.just(error.name.count) }
          .subscribe(Observer { events.append($0) })
        subscription.dispose()
        #expect(events == [.next(1), .next(6), .completed])
        #expect(disposed == 1)
      }
    }

    @Test("the failed subscription is released before the handler runs")
    func releasesBeforeHandler() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        var log: [String] = []
        let failing = Signal<Int, TestError> { observer in
          log.append("opened")
          let failure = scheduler.schedule(after: .seconds(10)) {
            observer.send(error: TestError("boom"))
          }
          return AnyDisposable {
            failure.dispose()
            log.append("released")
          }
        }
        let res = scheduler.start {
          failing.catch { _ -> Signal<Int, TestError> in
            log.append("handler")
            return .just(1)
          }
        }
        #expect(res.events == [.next(210, 1), .completed(210)])
        #expect(log == ["opened", "released", "handler"])
      }
    }

    @Test("a subscription that ends during the failure does not call the handler")
    func endedDuringFailure() {
      expectNoLeaks {
        let subject = PublishSubject<Int, TestError>()
        var calls = 0
        var subscription: Disposable?
        subscription = subject.signal
          .on(error: { _ in subscription?.dispose() })
          .catch { _ -> Signal<Int, TestError> in
            calls += 1
            return .just(0)
          }
          .subscribe()
        subject.send(error: TestError("boom"))
        #expect(calls == 0, "the handler does not run once the subscription has ended")
        subscription = nil
      }
    }
  }
}
