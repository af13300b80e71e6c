// `skip(until:)`: a signal's values once a trigger has fired.

extension Signal {
  /// Drops the values of `self` until `trigger` sends its first value, then sends them
  /// all; the trigger's subscription ends at that first value.
  ///
  /// A trigger that completes without a value leaves the gate closed: no value is ever
  /// sent, and the result completes when `self` does. A failure of either fails the
  /// result.
  ///
  /// ```swift
  /// keyPresses.skip(until: window.rx.mapped)
  /// ```
  public func skip<Trigger>(until trigger: Signal<Trigger, Failure>) -> Signal<Value, Failure> {
    Signal { observer, _ in
      let sink = SkipUntilSink<Value, Failure>(observer)
      // The trigger first, so one that fires at once opens the gate before `self` runs.
      sink.trigger.inner = trigger.subscribe(Observer { sink.receiveTrigger($0) })
      if !sink.isFinished {
        sink.source.inner = self.subscribe(Observer { sink.receive($0) })
      }
      return sink
    }
  }
}

/// The subscription state of `skip(until:)`.
private final class SkipUntilSink<Value, Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: all mutable state is inside the lock; the rest is immutable or
  // thread-safe.

  struct State: OutboxState {
    var isOpen = false
    var outbox = Outbox<Value, Failure>()
  }

  private let observer: Observer<Value, Failure>
  private let state = Locked(State())
  let trigger = SerialDisposable()
  let source = SerialDisposable()

  private let liveObject = LiveObjects.track()

  init(_ observer: Observer<Value, Failure>) {
    self.observer = observer
  }

  deinit { LiveObjects.untrack(liveObject) }

  /// Whether the result has ended (or been disposed).
  var isFinished: Bool { state.withLock { $0.outbox.isFinished } }

  func receive(_ event: Event<Value, Failure>) {
    let admitted = state.withLock { state -> Event<Value, Failure>? in
      if case .next = event, !state.isOpen { return nil }
      return state.outbox.admit(event)
    }
    if let event = admitted { state.deliver(event, to: observer) }
  }

  func receiveTrigger<Trigger>(_ event: Event<Trigger, Failure>) {
    switch event {
    case .next:
      state.withLock { $0.isOpen = true }
      trigger.dispose()
    case .failed(let error):
      let admitted = state.withLock { $0.outbox.admit(.failed(error)) }
      if let event = admitted { state.deliver(event, to: observer) }
    case .completed:
      break
    }
  }

  func dispose() {
    state.finish { _ in }
    trigger.dispose()
    source.dispose()
  }
}
