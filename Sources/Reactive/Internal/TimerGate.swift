/// The engine of the time operators: operator state and one pending timer decided under
/// one lock, and events delivered downstream one at a time, in decision order, with no
/// lock held (a `SerialDrain`).
///
/// Events reach a time operator from two places (the upstream and the scheduler), maybe
/// on two threads. Each decision (`update`, or the timer firing) runs under the lock and
/// only queues what to send; whoever finds the queue idle then drains it, outside the
/// lock. Timers are scheduled outside the lock too (an `ImmediateScheduler` would run the
/// action inline), and each carries a generation number, so a timer that was replaced
/// while it was being scheduled never fires into newer state.
final class TimerGate<State, Value, Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: mutable state is inside the lock; the rest is immutable.

  /// What a decision may read and change.
  struct Guarded {
    /// The operator's own state.
    var state: State
    fileprivate var outbox = SerialDrain<Event<Value, Failure>>()
    fileprivate var timer: Disposable?
    fileprivate var generation = 0
    fileprivate var requestedDelay: Duration?
    fileprivate var cancelsTimer = false
    fileprivate var actions: [(TimerGate) -> Void] = []

    /// Whether a terminal event was queued or the gate was disposed.
    fileprivate(set) var isStopped = false

    fileprivate init(state: State) { self.state = state }

    /// Queues an event for downstream; a terminal event also cancels the timer and
    /// makes later sends no-ops.
    mutating func send(_ event: Event<Value, Failure>) {
      guard !isStopped else { return }
      outbox.push(event)
      if event.isTerminal {
        isStopped = true
        cancelTimer()
      }
    }

    /// Replaces the pending timer (if any) with one that fires after `delay`.
    mutating func startTimer(after delay: Duration) {
      guard !isStopped else { return }
      requestedDelay = delay
      cancelsTimer = true
    }

    /// Cancels the pending timer, if any.
    mutating func cancelTimer() {
      requestedDelay = nil
      cancelsTimer = true
    }

    /// Runs `action` with the gate once the lock is released, before queued events are
    /// delivered: for work that must not run under the lock, such as subscribing.
    mutating func perform(_ action: @escaping (TimerGate) -> Void) {
      actions.append(action)
    }
  }

  private let lock: Locked<Guarded>
  private let observer: Observer<Value, Failure>
  private let scheduler: Scheduler
  private let onTimer: (inout Guarded) -> Void

  private let liveObject = LiveObjects.track()

  /// - Parameters:
  ///   - observer: the downstream observer (guarded by its subscription).
  ///   - onTimer: the decision to run, under the lock, when the timer fires.
  init(
    _ observer: Observer<Value, Failure>, on scheduler: Scheduler, state: State,
    onTimer: @escaping (inout Guarded) -> Void
  ) {
    self.observer = observer
    self.scheduler = scheduler
    self.onTimer = onTimer
    lock = Locked(Guarded(state: state))
  }

  deinit { LiveObjects.untrack(liveObject) }

  /// Runs a decision under the lock, then schedules what it asked for and delivers what
  /// it queued.
  func update(_ decide: (inout Guarded) -> Void) {
    let plan = lock.withLock { locked in
      decide(&locked)
      return takePlan(&locked)
    }
    carryOut(plan)
  }

  /// Stops the gate: nothing more is sent and the timer is cancelled.
  func dispose() {
    update { locked in
      locked.isStopped = true
      _ = locked.outbox.removeAll()
      locked.cancelTimer()
    }
  }

  private func timerFired(_ generation: Int) {
    update { locked in
      guard locked.generation == generation, !locked.isStopped else { return }
      locked.timer = nil
      onTimer(&locked)
    }
  }

  /// What to do once the lock is released.
  private struct Plan {
    var cancelled: Disposable?
    var schedule: (delay: Duration, generation: Int)?
    var actions: [(TimerGate) -> Void] = []
    var drains = false
  }

  private func takePlan(_ locked: inout Guarded) -> Plan {
    var plan = Plan()
    if locked.cancelsTimer {
      locked.cancelsTimer = false
      locked.generation += 1
      plan.cancelled = locked.timer
      locked.timer = nil
      if let delay = locked.requestedDelay {
        locked.requestedDelay = nil
        plan.schedule = (delay, locked.generation)
      }
    }
    if !locked.actions.isEmpty {
      plan.actions = locked.actions
      locked.actions = []
    }
    plan.drains = locked.outbox.claim()
    return plan
  }

  private func carryOut(_ plan: Plan) {
    plan.cancelled?.dispose()
    if let (delay, generation) = plan.schedule {
      let timer = scheduler.schedule(after: delay) { [self] in timerFired(generation) }
      let stale: Bool = lock.withLock { locked in
        guard locked.generation == generation, !locked.isStopped else { return true }
        locked.timer = timer
        return false
      }
      if stale { timer.dispose() }
    }
    for action in plan.actions { action(self) }
    if plan.drains { drain() }
  }

  private func drain() {
    while let event = lock.withLock({ $0.outbox.next() }) {
      observer.action(event)
    }
  }
}
