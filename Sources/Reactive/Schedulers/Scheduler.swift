/// Decides where and when work runs: the `RACScheduler` of this library.
///
/// Actions are plain closures, not `@Sendable`: moving work to another thread is what
/// a scheduler is for, and the library delivers one subscription's events serially.
/// Every returned disposable cancels the action if it has not started.
public protocol Scheduler: AnyObject, Sendable {
  /// The current time on this scheduler's monotonic timeline.
  var now: Duration { get }

  /// Runs `action` as soon as possible.
  @discardableResult
  func schedule(_ action: @escaping () -> Void) -> Disposable

  /// Runs `action` once, after `delay`.
  @discardableResult
  func schedule(after delay: Duration, _ action: @escaping () -> Void) -> Disposable

  /// Runs `action` after `delay`, then every `interval`, until disposed.
  @discardableResult
  func schedule(
    after delay: Duration, interval: Duration, _ action: @escaping () -> Void
  ) -> Disposable
}

extension Scheduler {
  /// Repeats by rescheduling after each run, aiming each run at `start + n * interval`
  /// so that delays do not accumulate.
  @discardableResult
  public func schedule(
    after delay: Duration, interval: Duration, _ action: @escaping () -> Void
  ) -> Disposable {
    precondition(interval > .zero, "Scheduler: a repeating interval must be positive")
    let serial = SerialDisposable()
    let firstDeadline = now + delay
    func tick(_ deadline: Duration) {
      guard !serial.isDisposed else { return }
      action()
      let next = deadline + interval
      let wait = max(.zero, next - now)
      serial.inner = schedule(after: wait) { tick(next) }
    }
    serial.inner = schedule(after: delay) { tick(firstDeadline) }
    return serial
  }
}
