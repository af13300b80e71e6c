// `from`, `range`, `repeat` and `generate` on a scheduler: one value per scheduled action.

extension Signal {
  /// Sends every element of `sequence`, each from its own action on `scheduler`, then
  /// completes from one more; the next action is scheduled only after a value was sent,
  /// so other work on the scheduler runs between two values, and disposing stops at
  /// once (the scheduled action is cancelled).
  ///
  /// On a `TestScheduler` every value arrives at the subscription's tick, in order; on a
  /// `QueueScheduler`, on its queue. An `ImmediateScheduler` runs each action inline, in
  /// a loop rather than a recursion, so a long sequence uses constant stack.
  ///
  /// - Parameters:
  ///   - sequence: read lazily, one element per action.
  ///   - scheduler: runs one action per element, and one for the completion.
  public static func from<S: Sequence>(_ sequence: S, on scheduler: Scheduler) -> Signal
  where S.Element == Value {
    Signal { observer, lifetime in
      var iterator = sequence.makeIterator()
      return ScheduledPull(observer: observer, lifetime: lifetime, on: scheduler) {
        () throws(Failure) -> Value? in iterator.next()
      }.start()
    }
  }

  /// `repeat(_:count:)` on a scheduler: sends `value` `count` times (forever if `nil`),
  /// each from its own action, then completes. See `from(_:on:)`.
  public static func `repeat`(_ value: Value, count: Int? = nil, on scheduler: Scheduler)
    -> Signal
  {
    if let count {
      precondition(count >= 0, "Signal.repeat: count must not be negative")
      return from(repeatElement(value, count: count), on: scheduler)
    }
    return from(AnyIterator { value }, on: scheduler)
  }

  /// `generate(_:while:next:)` on a scheduler: sends `initial`, `next(initial)`, … while
  /// `condition` accepts them, each from its own action, then completes. A thrown error
  /// fails the signal. See `from(_:on:)`.
  public static func generate(
    _ initial: Value, while condition: @escaping (Value) throws(Failure) -> Bool,
    next: @escaping (Value) throws(Failure) -> Value, on scheduler: Scheduler
  ) -> Signal {
    Signal { observer, lifetime in
      var last: Value?
      return ScheduledPull(observer: observer, lifetime: lifetime, on: scheduler) {
        () throws(Failure) -> Value? in
        // The next value is computed when its action runs, not after the previous one
        // was sent: a subscription that ended meanwhile never calls `next`.
        let value =
          try last.map { (value: Value) throws(Failure) -> Value in try next(value) }
          ?? initial
        guard try condition(value) else { return nil }
        last = value
        return value
      }.start()
    }
  }
}

extension Signal where Value: Strideable, Value.Stride: SignedInteger {
  /// `range(_:)` on a scheduler: every value of `bounds`, each from its own action.
  public static func range(_ bounds: Range<Value>, on scheduler: Scheduler) -> Signal {
    from(bounds, on: scheduler)
  }

  /// `range(_:)` on a scheduler: every value of `bounds`, each from its own action.
  public static func range(_ bounds: ClosedRange<Value>, on scheduler: Scheduler) -> Signal {
    from(bounds, on: scheduler)
  }
}

/// One subscription of a scheduled factory: pulls one value per scheduled action.
///
/// An action that a scheduler runs inline (an `ImmediateScheduler`, from inside the
/// previous action) only marks that another step is due; the step in progress loops, so
/// the stack does not grow with the number of values. Steps never overlap: the next
/// one is scheduled by the current one, after its value was sent.
private final class ScheduledPull<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: `pull`, `isStepping` and `stepAgain` are used by one step at a
  // time (each step schedules the next); `scheduled` is thread-safe.
  private let observer: Observer<Value, Failure>
  private let lifetime: Lifetime
  private let scheduler: Scheduler
  private let pull: () throws(Failure) -> Value?
  private var isStepping = false
  private var stepAgain = false
  private let scheduled = SerialDisposable()

  init(
    observer: Observer<Value, Failure>, lifetime: Lifetime, on scheduler: Scheduler,
    pull: @escaping () throws(Failure) -> Value?
  ) {
    self.observer = observer
    self.lifetime = lifetime
    self.scheduler = scheduler
    self.pull = pull
  }

  /// Schedules the first step; the returned disposable cancels the pending one.
  func start() -> Disposable {
    scheduleStep()
    return scheduled
  }

  private func scheduleStep() {
    scheduled.inner = scheduler.schedule { [self] in step() }
  }

  private func step() {
    if isStepping {
      stepAgain = true  // scheduled inline by the step in progress: it loops instead
      return
    }
    isStepping = true
    repeat {
      stepAgain = false
      guard !lifetime.hasEnded else { break }
      do throws(Failure) {
        guard let value = try pull() else {
          observer.sendCompleted()
          break
        }
        observer.send(value)
        scheduleStep()
      } catch {
        observer.send(error: error)
        break
      }
    } while stepAgain
    isStepping = false
  }
}
