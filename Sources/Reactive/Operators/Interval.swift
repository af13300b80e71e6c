/// `Signal.interval`: a counter that ticks on a scheduler.
extension Signal where Value == Int, Failure == Never {
  /// Sends 0, 1, 2, … one every `period`, the first after one `period`; never completes.
  ///
  /// Uses the scheduler's repeating timer (`schedule(after:interval:)`), so ticks are
  /// aimed at fixed times and delays do not accumulate. Disposing stops the timer.
  ///
  /// - Parameters:
  ///   - period: the time between two values; must be positive.
  ///   - scheduler: runs the timer; values arrive on it.
  public static func interval(_ period: Duration, on scheduler: Scheduler) -> Signal {
    makeInterval(period, on: scheduler)
  }
}

extension Signal where Value == Int {
  /// `interval(_:on:)` with a failure type of your choice (it never fails), to combine
  /// with failable signals without converting: `let t: Signal<Int, MyError> = .interval(…)`.
  @_disfavoredOverload
  public static func interval(_ period: Duration, on scheduler: Scheduler) -> Signal {
    makeInterval(period, on: scheduler)
  }

  static func makeInterval(_ period: Duration, on scheduler: Scheduler) -> Signal {
    precondition(period > .zero, "Signal.interval: the period must be positive")
    return makeTimer(period, period: period, on: scheduler)
  }
}
