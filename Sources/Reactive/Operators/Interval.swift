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
    precondition(period > .zero, "Signal.interval: the period must be positive")
    return Signal { observer in
      var next = 0
      // The scheduler runs one repeating action at a time, so `next` needs no lock.
      return scheduler.schedule(after: period, interval: period) {
        observer.send(next)
        next += 1
      }
    }
  }
}
