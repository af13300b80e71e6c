import Foundation

/// Runs actions at once on the calling thread; a delayed action blocks the caller for
/// the delay (RAC's `immediateScheduler`). Useful in tests and for synchronous work.
public final class ImmediateScheduler: Scheduler {
  private let origin = ContinuousClock.now

  /// An immediate scheduler.
  public init() {}

  /// Time since this scheduler was made.
  public var now: Duration { ContinuousClock.now - origin }

  /// Runs `action` now.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> Disposable {
    action()
    return Disposables.empty
  }

  /// Sleeps for `delay`, then runs `action`.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> Disposable {
    if delay > .zero {
      let seconds =
        Double(delay.components.seconds)
        + Double(delay.components.attoseconds) / 1e18
      Thread.sleep(forTimeInterval: seconds)
    }
    action()
    return Disposables.empty
  }

  /// Not supported: repeating on the caller's thread would never return (RAC's
  /// immediate scheduler refuses it too). Use a `QueueScheduler` or a `TestScheduler`.
  @discardableResult
  public func schedule(
    after delay: Duration, interval: Duration, _ action: @escaping () -> Void
  ) -> Disposable {
    preconditionFailure(
      "ImmediateScheduler cannot repeat: it would block the caller forever. "
        + "Use a QueueScheduler or a TestScheduler for Signal.interval and timers.")
  }
}
