// Serial delivery to one downstream observer for operators fed by several sources.

/// The delivery queue of an operator with several sources: one downstream observer,
/// called serially, from any thread, re-entrancy included. A `SerialDrain` of events
/// that stops admitting after the terminal one.
///
/// Why a queue and not a delivery lock: the sources of `combineLatest`, `zip`, `merge`,
/// `flatMap`, `withLatest(from:)` and `take(until:)` may send from different threads, and
/// the downstream observer must never run twice at once. Holding a lock while calling the
/// observer would serialize that, but the observer may synchronously make one of our
/// sources send again (a feedback loop through a subject, `take(1)` disposing us, …);
/// with a non-recursive lock that re-entry deadlocks, and with a recursive one it
/// delivers a nested event in the middle of another. So an operator keeps an `Outbox`
/// inside the lock that guards the rest of its state, and:
///
/// 1. under the lock it updates its state and calls `admit(_:)` with the event that
///    results; `admit` returns the event if nobody is delivering (the caller now owns
///    delivery) or queues it and returns `nil`;
/// 2. the owner calls the observer with no lock held, then `next()` under the lock,
///    which hands it the next queued event or releases ownership when none is left.
///
/// Events are queued in lock order, which is also the order the state changed in, so a
/// `combineLatest` tuple always matches the state that produced it. The queue only
/// allocates when events actually overlap (contention or re-entry); the uncontended path
/// costs two lock acquisitions per event and no allocation.
@usableFromInline
struct Outbox<Value, Failure: Error> {
  /// The events waiting for the owner, and whether some caller owns delivery.
  @usableFromInline var queue = SerialDrain<Event<Value, Failure>>()
  /// Whether a terminal event was admitted (or the subscription was disposed): nothing
  /// more is admitted.
  @usableFromInline var isFinished = false

  @inlinable
  init() {}

  /// Admits `event`: returns it if the caller must deliver it now, or `nil` if it was
  /// queued for the current owner, or dropped because the subscription is finished.
  @inlinable
  mutating func admit(_ event: Event<Value, Failure>) -> Event<Value, Failure>? {
    if isFinished { return nil }
    if event.isTerminal { isFinished = true }
    return queue.admit(event)
  }

  /// The next queued event for the owner, or `nil` after releasing ownership.
  @inlinable
  mutating func next() -> Event<Value, Failure>? {
    queue.next()
  }

  /// Stops admitting events (the subscription was disposed) and drops queued ones; a
  /// current owner then finds the queue empty and releases ownership.
  @inlinable
  mutating func finish() {
    isFinished = true
    _ = queue.removeAll()
  }
}

/// State guarded by an operator's lock that includes its `Outbox`.
@usableFromInline
protocol OutboxState {
  associatedtype Output
  associatedtype Failure: Error
  /// The operator's downstream delivery queue.
  var outbox: Outbox<Output, Failure> { get set }
}

extension Locked where State: OutboxState {
  /// Delivers `first`, then every event queued meanwhile, to `observer`, with no lock
  /// held while the observer runs; the caller must own delivery (`admit` returned
  /// `first`).
  @inlinable
  borrowing func deliver(
    _ first: Event<State.Output, State.Failure>,
    to observer: Observer<State.Output, State.Failure>
  ) {
    var event = first
    while true {
      observer.on(event)
      guard let next = withLock({ $0.outbox.next() }) else { return }
      event = next
    }
  }

  /// Stops admitting events and returns what `take` removes from the state, to be
  /// disposed outside the lock.
  @inlinable
  borrowing func finish<T>(_ take: (inout State) -> T) -> T {
    withLock { state in
      state.outbox.finish()
      return take(&state)
    }
  }
}
