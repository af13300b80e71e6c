import Dispatch

/// What the two Dispatch schedulers (`QueueScheduler`, `ConcurrentQueueScheduler`) do
/// with an action: run it on their queue now, after a delay, or after a delay and then
/// at an interval. Each action runs in the live-object scope it was scheduled from (see
/// `LiveObjects`), and disposing the returned disposable cancels what has not run.
enum DispatchActions {
  /// Runs `action` asynchronously on `queue`.
  static func run(on queue: DispatchQueue, _ action: @escaping () -> Void) -> Disposable {
    let disposable = AnyDisposable()
    let box = UncheckedSendable(LiveObjects.inCurrentScope(action))
    queue.async {
      guard !disposable.isDisposed else { return }
      box.value()
    }
    return disposable
  }

  /// Runs `action` on `queue` after `delay` (a negative one runs it at once); disposing
  /// cancels the timer.
  static func run(
    on queue: DispatchQueue, after delay: Duration, _ action: @escaping () -> Void
  ) -> Disposable {
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let box = UncheckedSendable(LiveObjects.inCurrentScope(action))
    timer.schedule(deadline: .now() + max(.zero, delay).dispatchInterval)
    let disposable = AnyDisposable { timer.cancel() }
    timer.setEventHandler {
      guard !disposable.isDisposed else { return }
      disposable.dispose()
      box.value()
    }
    timer.resume()
    return disposable
  }

  /// Runs `action` on `queue` after `delay` and then every `interval` on one Dispatch
  /// timer, whose runs never overlap (Dispatch runs one handler of a source at a time).
  /// `scheduler` names the caller in the message for an interval that is not positive.
  static func run(
    on queue: DispatchQueue, after delay: Duration, every interval: Duration,
    scheduler: StaticString, _ action: @escaping () -> Void
  ) -> Disposable {
    precondition(interval > .zero, "\(scheduler): a repeating interval must be positive")
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let box = UncheckedSendable(LiveObjects.inCurrentScope(action))
    timer.schedule(
      deadline: .now() + max(.zero, delay).dispatchInterval, repeating: interval.dispatchInterval)
    let disposable = AnyDisposable { timer.cancel() }
    timer.setEventHandler {
      guard !disposable.isDisposed else { return }
      box.value()
    }
    timer.resume()
    return disposable
  }
}
