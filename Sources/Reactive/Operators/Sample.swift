// `sample(_:)`: the latest value of a signal each time a trigger fires.

extension Signal {
  /// Each time `trigger` sends a value, sends the latest value of `self` if a new one
  /// arrived since the previous sample; a trigger value with nothing new sends nothing.
  ///
  /// Completes when `self` completes (a value not yet sampled is dropped) and when
  /// `trigger` completes (nothing more can be sampled); fails when either fails.
  ///
  /// ```swift
  /// mousePositions.sample(Signal.interval(.milliseconds(100), on: main))
  /// ```
  public func sample<Trigger>(_ trigger: Signal<Trigger, Failure>) -> Signal<Value, Failure> {
    sampling(trigger, defaultValue: nil)
  }

  /// Each time `trigger` sends a value, sends the latest value of `self` if a new one
  /// arrived since the previous sample, and `defaultValue` otherwise (RxSwift's
  /// `sample(_:defaultValue:)`): every trigger value sends something.
  ///
  /// Completes when `self` completes and when `trigger` completes; fails when either
  /// fails.
  ///
  /// ```swift
  /// keyPresses.map { _ in true }.sample(ticks, defaultValue: false)   // typed this tick?
  /// ```
  public func sample<Trigger>(
    _ trigger: Signal<Trigger, Failure>, defaultValue: Value
  ) -> Signal<Value, Failure> {
    sampling(trigger, defaultValue: defaultValue)
  }

  private func sampling<Trigger>(
    _ trigger: Signal<Trigger, Failure>, defaultValue: Value?
  ) -> Signal<Value, Failure> {
    Signal { observer, _ in
      let sink = SampleSink<Value, Failure>(observer, defaultValue: defaultValue)
      // `self` first, so a trigger firing at once can sample a value sent at once.
      sink.attach(self.subscribe(Observer { sink.receive($0) }))
      sink.attach(trigger.subscribe(Observer { sink.receiveTrigger($0) }))
      return sink
    }
  }
}

/// The subscription state of `sample(_:)`.
private final class SampleSink<Value, Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: all mutable state is inside the lock; `observer` is immutable.

  struct State: OutboxState {
    /// The latest value not yet sampled.
    var latest: Value?
    var outbox = Outbox<Value, Failure>()
  }

  private let observer: Observer<Value, Failure>
  /// What a trigger value with nothing new sends, if anything.
  private let defaultValue: Value?
  private let state = Locked(State())
  private let subscriptions = CompositeDisposable()

  private let liveObject = LiveObjects.track()

  init(_ observer: Observer<Value, Failure>, defaultValue: Value?) {
    self.observer = observer
    self.defaultValue = defaultValue
  }

  deinit { LiveObjects.untrack(liveObject) }

  func receive(_ event: Event<Value, Failure>) {
    let admitted = state.withLock { state -> Event<Value, Failure>? in
      switch event {
      case .next(let value):
        if !state.outbox.isFinished { state.latest = value }
        return nil
      case .failed, .completed:
        state.latest = nil
        return state.outbox.admit(event)
      }
    }
    if let event = admitted { state.deliver(event, to: observer) }
  }

  func receiveTrigger<Trigger>(_ event: Event<Trigger, Failure>) {
    let admitted = state.withLock { state -> Event<Value, Failure>? in
      switch event {
      case .next:
        guard let value = state.latest ?? defaultValue else { return nil }
        state.latest = nil
        return state.outbox.admit(.next(value))
      case .failed(let error):
        state.latest = nil
        return state.outbox.admit(.failed(error))
      case .completed:
        state.latest = nil
        return state.outbox.admit(.completed)
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
    state.finish { $0.latest = nil }
    subscriptions.dispose()
  }
}
