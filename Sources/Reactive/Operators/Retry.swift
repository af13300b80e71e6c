import Synchronization

/// `retry`: subscribe again after a failure.
extension Signal {
  /// Forwards this signal; when it fails, subscribes to it again, up to `count` more
  /// times. The failure of the last attempt is forwarded; failures before it are not.
  ///
  /// A failed attempt's subscription is disposed before the next one starts, so a
  /// retried connection is closed before it is opened again. Re-subscribing is a loop,
  /// not a recursion: a signal that fails synchronously can be retried any number of
  /// times in constant stack space. Disposing stops retrying.
  ///
  /// - Complexity: O(1) per event; one subscription per attempt.
  public func retry(_ count: Int) -> Signal<Value, Failure> {
    precondition(count >= 0, "retry: count must not be negative")
    return retrying(upTo: count)
  }

  /// Forwards this signal, subscribing to it again after every failure, until it
  /// completes or the subscription is disposed. Synchronous failures loop in constant
  /// stack space.
  public func retry() -> Signal<Value, Failure> {
    retrying(upTo: nil)
  }

  private func retrying(upTo limit: Int?) -> Signal<Value, Failure> {
    Signal { observer, lifetime in
      let sink = RetrySink(source: self, observer: observer, lifetime: lifetime, limit: limit)
      sink.requestAttempt()
      return sink
    }
  }
}

/// Runs the attempts of one `retry` subscription, one after another.
///
/// A failure asks for another attempt through `requestAttempt`, a trampoline: whoever
/// raises `pendingAttempts` from zero loops, starting one attempt per request; a request
/// made while that loop is starting an attempt (a synchronous failure) only bumps the
/// count, so the stack does not grow with the number of attempts.
///
/// Ownership: the downstream guard owns this sink (it is the returned disposable); the
/// sink owns the current attempt, which refers back to it until the attempt is replaced
/// or the sink is disposed.
private final class RetrySink<Value, Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: `source`, `observer`, `lifetime` and `limit` are immutable; the counters
  // are atomic; `current` is thread-safe.
  private let source: Signal<Value, Failure>
  private let observer: Observer<Value, Failure>
  private let lifetime: Lifetime
  private let limit: Int?
  /// The attempts still allowed after the current one; unused when `limit` is nil.
  private let retriesLeft: Atomic<Int>
  private let pendingAttempts = Atomic<Int>(0)
  /// The current attempt; replacing it drops the ended one.
  private let current = SerialDisposable()

  private let liveObject = LiveObjects.track()

  init(
    source: Signal<Value, Failure>, observer: Observer<Value, Failure>,
    lifetime: Lifetime, limit: Int?
  ) {
    self.source = source
    self.observer = observer
    self.lifetime = lifetime
    self.limit = limit
    self.retriesLeft = Atomic(limit ?? 0)
  }

  deinit { LiveObjects.untrack(liveObject) }

  func requestAttempt() {
    guard pendingAttempts.add(1, ordering: .acquiringAndReleasing).oldValue == 0 else {
      return  // the loop below, further up this stack or on another thread, runs it
    }
    repeat {
      if !lifetime.hasEnded {
        // A failed attempt's upstream is released before its failure arrives here.
        let attempt = SubscriptionSink(Observer { [self] in attemptDidSend($0) })
        current.inner = attempt
        attempt.start(source)
      }
    } while pendingAttempts.subtract(1, ordering: .acquiringAndReleasing).newValue > 0
  }

  /// An event of the current attempt; a terminal one comes after the attempt has
  /// released its upstream.
  private func attemptDidSend(_ event: Event<Value, Failure>) {
    switch event {
    case .next, .completed:
      observer.on(event)
    case .failed:
      guard !lifetime.hasEnded else { return }
      if limit == nil || retriesLeft.subtract(1, ordering: .relaxed).oldValue > 0 {
        requestAttempt()
      } else {
        observer.on(event)
      }
    }
  }

  /// Ends the current attempt and prevents later ones.
  func dispose() {
    current.dispose()
  }
}
