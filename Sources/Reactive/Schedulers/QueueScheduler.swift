import Dispatch

/// Runs actions on a serial Dispatch queue.
///
/// In debug builds an action runs in the live-object scope it was scheduled from (see
/// `LiveObjects`), so a test's leak check counts what its scheduled work makes.
public final class QueueScheduler: Scheduler {
  /// The Dispatch queue the actions run on.
  public let queue: DispatchQueue
  private let origin = ContinuousClock.now

  /// The main queue. In a GTK app the main loop drains it (see GtkReactive's
  /// `MainLoopScheduler`), so this is the GTK thread too.
  public static let main = QueueScheduler(queue: .main)

  /// A scheduler on a new serial queue.
  public convenience init(qos: DispatchQoS = .default, name: String = "Reactive.QueueScheduler") {
    self.init(queue: DispatchQueue(label: name, qos: qos))
  }

  /// A scheduler on `queue`; it should be serial, or delivery may reorder.
  public init(queue: DispatchQueue) {
    self.queue = queue
  }

  /// Time since this scheduler was made.
  public var now: Duration { ContinuousClock.now - origin }

  /// Runs `action` asynchronously on the queue.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> Disposable {
    DispatchActions.run(on: queue, action)
  }

  /// Runs `action` on the queue after `delay`; disposing cancels the timer.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> Disposable {
    DispatchActions.run(on: queue, after: delay, action)
  }

  /// Runs `action` after `delay` and then every `interval` on one Dispatch timer.
  @discardableResult
  public func schedule(
    after delay: Duration, interval: Duration, _ action: @escaping () -> Void
  ) -> Disposable {
    DispatchActions.run(
      on: queue, after: delay, every: interval, scheduler: "QueueScheduler", action)
  }
}

extension Duration {
  /// The duration as a Dispatch interval, in nanoseconds.
  var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
