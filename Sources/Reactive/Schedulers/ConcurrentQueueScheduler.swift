import Dispatch

/// Runs actions on a concurrent Dispatch queue: actions scheduled one after another may
/// run at the same time, on different threads (RxSwift's
/// `ConcurrentDispatchQueueScheduler`).
///
/// For independent work: starting several producers at once (`subscribe(on:)`, each
/// subscription on its own thread), or timers that must not wait for each other. The
/// library still delivers one subscription's events serially: `observe(on:)` runs one
/// delivery action at a time for each subscription, and a repeating timer does not
/// overlap with itself. Work that needs an order among several actions belongs on a
/// `QueueScheduler`.
///
/// In debug builds an action runs in the live-object scope it was scheduled from, as
/// `QueueScheduler`'s do.
public final class ConcurrentQueueScheduler: Scheduler {
  /// The Dispatch queue the actions run on.
  public let queue: DispatchQueue
  private let origin = ContinuousClock.now

  /// A scheduler on Dispatch's global concurrent queue of `qos`.
  public convenience init(qos: DispatchQoS.QoSClass = .default) {
    self.init(queue: .global(qos: qos))
  }

  /// A scheduler on `queue`; with a serial queue it behaves as a `QueueScheduler`.
  public init(queue: DispatchQueue) {
    self.queue = queue
  }

  /// Time since this scheduler was made.
  public var now: Duration { ContinuousClock.now - origin }

  /// Runs `action` asynchronously on the queue, maybe beside other actions.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> Disposable {
    DispatchActions.run(on: queue, action)
  }

  /// Runs `action` on the queue after `delay`; disposing cancels the timer.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> Disposable {
    DispatchActions.run(on: queue, after: delay, action)
  }

  /// Runs `action` after `delay` and then every `interval` on one Dispatch timer, whose
  /// runs never overlap (Dispatch runs one handler of a source at a time).
  @discardableResult
  public func schedule(
    after delay: Duration, interval: Duration, _ action: @escaping () -> Void
  ) -> Disposable {
    DispatchActions.run(
      on: queue, after: delay, every: interval, scheduler: "ConcurrentQueueScheduler", action)
  }
}
