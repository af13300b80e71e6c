import Reactive
import ReactiveTesting
import Testing

/// The root of every Reactive suite; suites nest inside it with `extension ReactiveTests`.
/// Not serialized: each test counts its own live library objects (`.leakChecked`,
/// `expectNoLeaks`), so the tests run in parallel.
@Suite("Reactive", .leakChecked)
struct ReactiveTests {}

/// The RxTest harness on a hot test signal: schedules `events`, applies `apply` to the
/// signal (made at 100, subscribed at 200, disposed at `disposed`), and returns what the
/// subscriber recorded and when the source was subscribed.
func runHot<Value, Failure: Error, Output, OutputFailure: Error>(
  _ events: [Recorded<Value, Failure>], disposed: Int = 1000,
  _ apply: @escaping (Signal<Value, Failure>) -> Signal<Output, OutputFailure>
) -> (events: [Recorded<Output, OutputFailure>], subscriptions: [Subscription]) {
  let scheduler = TestScheduler()
  let source = scheduler.createHotSignal(events)
  let result = scheduler.start(disposed: disposed) { apply(source.signal) }
  return (result.events, source.subscriptions)
}
