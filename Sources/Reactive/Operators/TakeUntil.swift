// `take(until:)`: a signal's values until a trigger fires.

extension Signal {
  /// Sends the values of `self` until `trigger` sends its first value or completes,
  /// then completes; a failure of `trigger` fails the result.
  ///
  /// A trigger that completes without a value also ends the result: a lifetime (a
  /// window closing, an owner going away) only ever completes, and must still end
  /// what was bound to it.
  ///
  /// ```swift
  /// ticks.take(until: window.rx.destroyed)
  /// ```
  public func take<Trigger>(until trigger: Signal<Trigger, Failure>) -> Signal<Value, Failure> {
    Signal { observer, _ in
      let sink = TakeUntilSink<Value, Failure>(observer)
      // The trigger first, so one that fires at once ends the result before `self` runs.
      sink.attach(trigger.subscribe(Observer { sink.receiveTrigger($0) }))
      if !sink.isFinished {
        sink.attach(self.subscribe(Observer { sink.receive($0) }))
      }
      return sink
    }
  }
}

/// The subscription state of `take(until:)`.
private final class TakeUntilSink<Value, Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: all mutable state is inside the lock; `observer` is immutable.

  struct State: OutboxState {
    var outbox = Outbox<Value, Failure>()
  }

  private let observer: Observer<Value, Failure>
  private let state = Locked(State())
  private let subscriptions = CompositeDisposable()

  private let liveObject = LiveObjects.track()

  init(_ observer: Observer<Value, Failure>) {
    self.observer = observer
  }

  deinit { LiveObjects.untrack(liveObject) }

  /// Whether the result has ended (or been disposed).
  var isFinished: Bool { state.withLock { $0.outbox.isFinished } }

  func receive(_ event: Event<Value, Failure>) {
    deliver(event)
  }

  func receiveTrigger<Trigger>(_ event: Event<Trigger, Failure>) {
    switch event {
    case .next, .completed: deliver(.completed)
    case .failed(let error): deliver(.failed(error))
    }
  }

  private func deliver(_ event: Event<Value, Failure>) {
    let admitted = state.withLock { $0.outbox.admit(event) }
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
