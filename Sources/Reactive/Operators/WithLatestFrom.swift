// `withLatest(from:)`: every value paired with the latest value of another signal.

extension Signal {
  /// Sends `(value, latest value of other)` for every value of `self`; values that
  /// arrive before `other` has sent anything are dropped.
  ///
  /// Only `self` drives the output: `other`'s values are remembered, not sent, and its
  /// completion changes nothing (its last value stays in use). Completes when `self`
  /// completes; fails when either fails.
  ///
  /// ```swift
  /// saveClicks.withLatest(from: documentText).subscribe(next: { _, text in save(text) })
  /// ```
  public func withLatest<Other>(
    from other: Signal<Other, Failure>
  ) -> Signal<(Value, Other), Failure> {
    Signal<(Value, Other), Failure> { observer, _ in
      let sink = WithLatestFromSink<Value, Other, Failure>(observer)
      // `other` first, so a value it sends synchronously is there for `self`'s first.
      sink.attach(other.subscribe(Observer { sink.receiveOther($0) }))
      sink.attach(self.subscribe(Observer { sink.receive($0) }))
      return sink
    }
  }

  /// Sends `transform(value, latest value of other)` for every value of `self`, once
  /// `other` has sent: `withLatest(from:)` with a result selector (`{ $1 }` sends
  /// `other`'s value alone). A thrown error fails the signal.
  ///
  /// ```swift
  /// saveClicks.withLatest(from: documentText) { _, text in text }
  /// ```
  public func withLatest<Other, Result>(
    from other: Signal<Other, Failure>,
    _ transform: @escaping (Value, Other) throws(Failure) -> Result
  ) -> Signal<Result, Failure> {
    withLatest(from: other).map { (pair: (Value, Other)) throws(Failure) -> Result in
      try transform(pair.0, pair.1)
    }
  }
}

/// The subscription state of `withLatest(from:)`.
private final class WithLatestFromSink<Value, Other, Failure: Error>: Disposable,
  @unchecked Sendable
{
  // @unchecked: all mutable state is inside the lock; `observer` is immutable.

  struct State: OutboxState {
    var latest: Other?
    var outbox = Outbox<(Value, Other), Failure>()
  }

  private let observer: Observer<(Value, Other), Failure>
  private let state = Locked(State())
  private let subscriptions = CompositeDisposable()

  private let liveObject = LiveObjects.track()

  init(_ observer: Observer<(Value, Other), Failure>) {
    self.observer = observer
  }

  deinit { LiveObjects.untrack(liveObject) }

  func receive(_ event: Event<Value, Failure>) {
    let admitted = state.withLock { state -> Event<(Value, Other), Failure>? in
      switch event {
      case .next(let value):
        guard let latest = state.latest else { return nil }
        return state.outbox.admit(.next((value, latest)))
      case .failed(let error):
        return state.outbox.admit(.failed(error))
      case .completed:
        return state.outbox.admit(.completed)
      }
    }
    if let event = admitted { state.deliver(event, to: observer) }
  }

  func receiveOther(_ event: Event<Other, Failure>) {
    let admitted = state.withLock { state -> Event<(Value, Other), Failure>? in
      switch event {
      case .next(let value):
        if !state.outbox.isFinished { state.latest = value }
        return nil
      case .failed(let error):
        return state.outbox.admit(.failed(error))
      case .completed:
        return nil
      }
    }
    if let event = admitted { state.deliver(event, to: observer) }
  }

  /// Keeps a subscription to dispose with this one; disposes it at once if this one
  /// has ended.
  func attach(_ subscription: Disposable) {
    subscriptions.add(subscription)
  }

  func dispose() {
    state.finish { _ in }
    subscriptions.dispose()
  }
}
