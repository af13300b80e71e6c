// `withLatest(from:)`: every value paired with the latest value of another signal.
import Synchronization

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
      sink.attach(other.subscribe(Observer { sink.receiveOther($0) }), source: false)
      sink.attach(self.subscribe(Observer { sink.receive($0) }), source: true)
      return sink
    }
  }
}

/// The subscription state of `withLatest(from:)`.
private final class WithLatestFromSink<Value, Other, Failure: Error>: Disposable,
  @unchecked Sendable
{
  // @unchecked: all mutable state is inside the Mutex; `observer` is immutable.

  // @unchecked: only ever touched inside the Mutex.
  struct State: OutboxState, @unchecked Sendable {
    var latest: Other?
    var isDisposed = false
    var sourceSubscription: Disposable?
    var otherSubscription: Disposable?
    var outbox = Outbox<(Value, Other), Failure>()
  }

  private let observer: Observer<(Value, Other), Failure>
  private let state = Mutex(State())

  init(_ observer: Observer<(Value, Other), Failure>) {
    self.observer = observer
    LiveObjects.track()
  }

  deinit { LiveObjects.untrack() }

  func receive(_ event: Event<Value, Failure>) {
    let admitted = state.withLock { state -> Unchecked<Event<(Value, Other), Failure>?> in
      switch event {
      case .next(let value):
        guard let latest = state.latest else { return Unchecked(nil) }
        return Unchecked(state.outbox.admit(.next((value, latest))))
      case .failed(let error):
        return Unchecked(state.outbox.admit(.failed(error)))
      case .completed:
        return Unchecked(state.outbox.admit(.completed))
      }
    }
    if let event = admitted.value { state.deliver(event, to: observer) }
  }

  func receiveOther(_ event: Event<Other, Failure>) {
    let admitted = state.withLock { state -> Unchecked<Event<(Value, Other), Failure>?> in
      switch event {
      case .next(let value):
        if !state.outbox.isFinished { state.latest = value }
        return Unchecked(nil)
      case .failed(let error):
        return Unchecked(state.outbox.admit(.failed(error)))
      case .completed:
        return Unchecked(nil)
      }
    }
    if let event = admitted.value { state.deliver(event, to: observer) }
  }

  /// Keeps a subscription (`source`: of `self`, else of `other`) to dispose later.
  func attach(_ subscription: Disposable, source: Bool) {
    let rejected = state.withLock { state in
      if state.isDisposed { return true }
      if source {
        state.sourceSubscription = subscription
      } else {
        state.otherSubscription = subscription
      }
      return false
    }
    if rejected { subscription.dispose() }
  }

  func dispose() {
    let subscriptions = state.finish { state in
      state.isDisposed = true
      defer {
        state.sourceSubscription = nil
        state.otherSubscription = nil
      }
      return (state.sourceSubscription, state.otherSubscription)
    }
    subscriptions.0?.dispose()
    subscriptions.1?.dispose()
  }
}
