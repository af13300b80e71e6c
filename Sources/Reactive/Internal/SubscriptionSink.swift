import Synchronization

/// Guards one subscription: enforces `next* (failed | completed)?` and disposes the
/// producer's disposable exactly once, on the terminal event or on `dispose()`.
final class SubscriptionSink<Value, Failure: Error>: LifetimeToken, Disposable, @unchecked Sendable {
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

  /// Takes the producer's disposable; disposes it at once if the subscription already
  /// ended while the producer was starting.
  func attach(_ disposable: Disposable) {
    let endedAlready = upstream.withLock { slot in
      if stopped.load(ordering: .acquiring) { return true }
      slot = disposable
      return false
    }
    if endedAlready { disposable.dispose() }
  }

  @inline(__always)
  func on(_ event: Event<Value, Failure>) {
    if case .next = event {
      if !stopped.load(ordering: .relaxed) { observer.action(event) }
    } else if !stopped.exchange(true, ordering: .acquiringAndReleasing) {
      observer.action(event)
      releaseUpstream()
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
