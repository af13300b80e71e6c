import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("using")
  struct UsingTests {
    typealias R = Recorded<Int, TestError>

    /// A resource that records when it is made and disposed, on the scheduler's clock.
    final class Log {
      var lines: [String] = []
    }

    @Test("the resource lives from subscription to completion; the source ends first")
    func completion() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let log = Log()
        let xs = scheduler.createColdSignal([R.next(10, 1), .completed(50)])
        let res = scheduler.start {
          Signal<Int, TestError>.using({
            log.lines.append("made \(scheduler.clock)")
            return AnyDisposable { log.lines.append("disposed \(scheduler.clock)") }
          }) { _ in xs.signal.on(disposed: { log.lines.append("source ended") }) }
        }
        #expect(res.events == [.next(210, 1), .completed(250)])
        #expect(log.lines == ["made 200", "source ended", "disposed 250"])
        #expect(xs.subscriptions == [Subscription(200, 250)])
      }
    }

    @Test("disposing the subscription disposes the resource; failures pass through")
    func disposeAndFailure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let log = Log()
        let xs = scheduler.createColdSignal([R.next(10, 1), .failed(80, TestError("boom"))])
        let make = {
          Signal<Int, TestError>.using({
            AnyDisposable { log.lines.append("disposed \(scheduler.clock)") }
          }) {
            _ in xs.signal
          }
        }
        let res = scheduler.start(disposed: 230, make)
        #expect(res.events == [.next(210, 1)])
        #expect(log.lines == ["disposed 230"])
        let failed = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000, make)
        #expect(failed.events == [.next(1110, 1), .failed(1180, TestError("boom"))])
        #expect(log.lines == ["disposed 230", "disposed 1180"])
      }
    }

    @Test("a throwing factory fails; a resource already made is disposed")
    func throwing() {
      expectNoLeaks {
        var disposed = 0
        var events: [Event<Int, TestError>] = []
        Signal<Int, TestError>.using({ () throws(TestError) -> AnyDisposable in
          throw TestError("resource")
        }) { _ in .just(1) }.subscribe(Observer { events.append($0) })
        #expect(events == [.failed(TestError("resource"))])
        events = []
        Signal<Int, TestError>.using({ AnyDisposable { disposed += 1 } }) {
          (_: AnyDisposable) throws(TestError) -> Signal<Int, TestError> in
          throw TestError("signal")
        }.subscribe(Observer { events.append($0) })
        #expect(events == [.failed(TestError("signal"))])
        #expect(disposed == 1)
      }
    }
  }
}
