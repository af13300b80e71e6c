/// `Signal.timer`: one value after a delay, or a counter that starts after a delay.
extension Signal where Value == Int, Failure == Never {
  /// Sends 0 after `delay`, then completes.
  ///
  /// Disposing before `delay` has passed cancels the timer: nothing is sent.
  ///
  /// - Parameters:
  ///   - delay: how long to wait; zero or negative sends on the scheduler at once.
  ///   - scheduler: runs the timer; the value and the completion arrive on it.
  public static func timer(_ delay: Duration, on scheduler: Scheduler) -> Signal {
    makeTimer(delay, on: scheduler)
  }

  /// Sends 0 after `delay`, then 1, 2, … one every `period`; never completes.
  ///
  /// `interval(period, on:)` is `timer(period, period: period, on:)`. Ticks are aimed at
  /// fixed times (the scheduler's repeating timer), so delays do not accumulate.
  /// Disposing stops the timer.
  ///
  /// - Parameters:
  ///   - delay: the wait before the first value.
  ///   - period: the time between two later values; must be positive.
  ///   - scheduler: runs the timer; values arrive on it.
  public static func timer(_ delay: Duration, period: Duration, on scheduler: Scheduler)
    -> Signal
  {
    makeTimer(delay, period: period, on: scheduler)
  }
}

extension Signal where Value == Int {
  /// `timer(_:on:)` with a failure type of your choice (it never fails), to combine with
  /// failable signals without converting: `let t: Signal<Int, MyError> = .timer(…)`.
  @_disfavoredOverload
  public static func timer(_ delay: Duration, on scheduler: Scheduler) -> Signal {
    makeTimer(delay, on: scheduler)
  }

  /// `timer(_:period:on:)` with a failure type of your choice (it never fails).
  @_disfavoredOverload
  public static func timer(_ delay: Duration, period: Duration, on scheduler: Scheduler)
    -> Signal
  {
    makeTimer(delay, period: period, on: scheduler)
  }

  static func makeTimer(_ delay: Duration, on scheduler: Scheduler) -> Signal {
    Signal { observer in
      scheduler.schedule(after: max(.zero, delay)) {
        observer.send(0)
        observer.sendCompleted()
      }
    }
  }

  static func makeTimer(_ delay: Duration, period: Duration, on scheduler: Scheduler)
    -> Signal
  {
    precondition(period > .zero, "Signal.timer: the period must be positive")
    return Signal { observer in
      let ticks = TickCount()
      return scheduler.schedule(after: max(.zero, delay), interval: period) {
        observer.send(ticks.next())
      }
    }
  }
}

/// The number of a repeating timer's next tick. Schedulers run one repeating action at a
/// time, but a concurrent queue's timer runs it on any of its threads, an order Dispatch
/// keeps and ThreadSanitizer does not see: the count is locked (once per tick).
private final class TickCount: Sendable {
  private let count = Locked(0)

  /// The next tick's number, from 0.
  func next() -> Int {
    count.withLock { count in
      defer { count += 1 }
      return count
    }
  }
}
