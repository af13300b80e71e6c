/// A scheduler of virtual time for tests: nothing runs until the test advances the
/// clock, and then everything due runs in time order, at once, deterministically.
///
/// Time is counted in integer ticks (`clock`); `tickDuration` (one second by default)
/// converts a scheduler `Duration` into ticks, rounding up. Actions due at the same tick
/// run in the order they were scheduled.
public final class TestScheduler: Scheduler, @unchecked Sendable {
  // @unchecked: all mutable state is inside the lock; actions run outside it.

  // @unchecked: actions are only run by the thread that advances the clock.
  private struct Item {
    let time: Int
    let sequence: Int
    let action: () -> Void
    let disposable: AnyDisposable
  }

  private struct State {
    var clock: Int
    var items: [Item] = []
    var sequence = 0
  }

  private let state: Locked<State>

  /// How long one tick is.
  public let tickDuration: Duration

  /// A scheduler whose clock starts at `initialClock`.
  public init(initialClock: Int = 0, tickDuration: Duration = .seconds(1)) {
    precondition(tickDuration > .zero, "TestScheduler: tickDuration must be positive")
    self.tickDuration = tickDuration
    state = Locked(State(clock: initialClock))
  }

  /// The current virtual time, in ticks.
  public var clock: Int { state.withLock { $0.clock } }

  /// The current virtual time as a duration.
  public var now: Duration { tickDuration * clock }

  /// Whether any action is waiting to run.
  public var hasPendingActions: Bool { state.withLock { !$0.items.isEmpty } }

  /// The number of ticks in `duration`, rounded up.
  public func ticks(_ duration: Duration) -> Int {
    guard duration > .zero else { return 0 }
    let whole = Int(duration / tickDuration)
    return tickDuration * whole < duration ? whole + 1 : whole
  }

  /// Runs `action` at the current tick, the next time the clock advances or runs.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> Disposable {
    schedule(at: clock, action)
  }

  /// Runs `action` `delay` later in virtual time.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> Disposable {
    schedule(at: clock + ticks(delay), action)
  }

  /// Runs `action` at absolute tick `time` (at once, when the clock is past it).
  ///
  /// Disposing removes the action from the queue at once, releasing what it captured.
  @discardableResult
  public func schedule(at time: Int, _ action: @escaping () -> Void) -> Disposable {
    let sequence = state.withLock { state in
      defer { state.sequence += 1 }
      return state.sequence
    }
    let disposable = AnyDisposable { [weak self] in
      self?.state.withLock { state in
        if let index = state.items.firstIndex(where: { $0.sequence == sequence }) {
          state.items.remove(at: index)
        }
      }
    }
    state.withLock { state in
      let item = Item(
        time: max(time, state.clock), sequence: sequence, action: action,
        disposable: disposable)
      let index =
        state.items.firstIndex { ($0.time, $0.sequence) > (item.time, item.sequence) }
        ?? state.items.endIndex
      state.items.insert(item, at: index)
    }
    return disposable
  }

  /// Runs everything due up to and including `time`, then sets the clock to `time`.
  public func advance(to time: Int) {
    while let item = popItem(dueBy: time) {
      if !item.disposable.isDisposed {
        item.disposable.dispose()
        item.action()
      }
    }
    state.withLock { $0.clock = max($0.clock, time) }
  }

  /// Advances the clock by `ticks` (0 runs what is due now).
  public func advance(by ticks: Int = 0) {
    advance(to: clock + ticks)
  }

  /// Advances by a duration, rounded up to whole ticks.
  public func advance(by duration: Duration) {
    advance(by: ticks(duration))
  }

  /// Runs until nothing is scheduled; the clock ends at the last action's time.
  ///
  /// A signal that reschedules itself forever never finishes; use `advance(to:)`.
  public func run() {
    while let time = state.withLock({ $0.items.first?.time }) {
      advance(to: time)
    }
  }

  private func popItem(dueBy time: Int) -> Item? {
    state.withLock { state in
      guard let first = state.items.first, first.time <= time else { return nil }
      state.items.removeFirst()
      state.clock = max(state.clock, first.time)
      return first
    }
  }
}
