import Synchronization

/// Guards one subscription for operators that move on to another signal when it ends
/// (`catch`, `retry`): like the guard `subscribe` makes (grammar enforced, upstream
/// disposed exactly once), except that on a terminal event it disposes the upstream
/// *before* forwarding the event. The next signal then starts after the previous one has
/// released its resources (a failed connection is closed before another is opened).
final class ReleasingSink<Value, Failure: Error>: LifetimeToken, Disposable,
  @unchecked Sendable
{
  // @unchecked: `stopped` is atomic; `upstream` is inside the Mutex; `observer` is
  // immutable.
  private let observer: Observer<Value, Failure>
  private let upstream = Mutex<Disposable?>(nil)

  init(_ observer: Observer<Value, Failure>) {
    self.observer = observer
    super.init()
    LiveObjects.track()
  }

  deinit { LiveObjects.untrack() }

  /// Runs `source`'s start closure with this sink as its guard.
  func start(_ source: Signal<Value, Failure>) {
    let disposable = source.start(Observer { [self] in on($0) }, Lifetime(self))
    let endedAlready = upstream.withLock { slot in
      if stopped.load(ordering: .acquiring) { return true }
      slot = disposable
      return false
    }
    if endedAlready { disposable.dispose() }
  }

  private func on(_ event: Event<Value, Failure>) {
    if case .next = event {
      if !stopped.load(ordering: .relaxed) { observer.action(event) }
    } else if !stopped.exchange(true, ordering: .acquiringAndReleasing) {
      releaseUpstream()
      observer.action(event)
    }
  }

  func dispose() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    releaseUpstream()
  }

  private func releaseUpstream() {
    let disposable = upstream.withLock { slot in
      defer { slot = nil }
      return slot
    }
    disposable?.dispose()
  }
}
