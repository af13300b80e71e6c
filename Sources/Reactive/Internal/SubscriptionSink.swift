import Synchronization

/// Guards one subscription: enforces `next* (failed | completed)?` and disposes the
/// producer's disposable exactly once, on the terminal event or on `dispose()`.
///
/// `@usableFromInline` and `@inlinable` throughout: every event of every subscription
/// passes through here, and generic code is only specialized for a client module when
/// its body is visible (measured: ~500 ns per event unspecialized, ~40 ns specialized).
@usableFromInline
final class SubscriptionSink<Value, Failure: Error>: LifetimeToken, Disposable,
  @unchecked Sendable
{
  // @unchecked: `stopped` is atomic; `upstream` is inside the Mutex; `observer` is
  // immutable.
  @usableFromInline let observer: Observer<Value, Failure>
  @usableFromInline let upstream = Mutex<Disposable?>(nil)

  @inlinable
  init(_ observer: Observer<Value, Failure>) {
    self.observer = observer
    super.init()
    LiveObjects.track()
  }

  @inlinable
  deinit { LiveObjects.untrack() }

  /// Takes the producer's disposable; disposes it at once if the subscription already
  /// ended while the producer was starting.
  @inlinable
  func attach(_ disposable: Disposable) {
    let endedAlready = upstream.withLock { slot in
      if stopped.load(ordering: .acquiring) { return true }
      slot = disposable
      return false
    }
    if endedAlready { disposable.dispose() }
  }

  @inlinable
  func on(_ event: Event<Value, Failure>) {
    if case .next = event {
      if !stopped.load(ordering: .relaxed) { observer.action(event) }
    } else if !stopped.exchange(true, ordering: .acquiringAndReleasing) {
      observer.action(event)
      releaseUpstream()
    }
  }

  @inlinable
  func dispose() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    releaseUpstream()
  }

  @inlinable
  func releaseUpstream() {
    let disposable = upstream.withLock { slot in
      defer { slot = nil }
      return slot
    }
    disposable?.dispose()
  }
}
