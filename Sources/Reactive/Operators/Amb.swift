// `amb`: the first of several signals to send anything; the others are dropped.

extension Signal {
  /// Races `signals`: subscribes to all of them, in order, and mirrors the first one to
  /// send any event (a value, a failure or the completion); the others are disposed at
  /// that moment. Also known as `race`.
  ///
  /// A failure or completion counts as winning: a signal that fails before any other
  /// sends fails the result. A signal that sends at once while it is being subscribed
  /// wins before the later ones are subscribed at all. No signals: completes at once.
  ///
  /// ```swift
  /// Signal.amb([primary.fetch(id), mirror.fetch(id)])   // whichever answers first
  /// ```
  public static func amb<S: Sequence>(_ signals: S) -> Signal where S.Element == Signal {
    let signals = Array(signals)
    guard !signals.isEmpty else { return .empty() }
    if signals.count == 1 { return signals[0] }
    return Signal { observer, _ in
      let sink = AmbSink(observer, count: signals.count)
      for (index, signal) in signals.enumerated() {
        guard !sink.isDecided else { break }
        sink.attach(signal.subscribe(Observer { sink.receive($0, from: index) }), at: index)
      }
      return sink
    }
  }

  /// Mirrors whichever of `self` and `other` sends an event first; see `amb(_:)`.
  public func amb(_ other: Signal) -> Signal {
    .amb([self, other])
  }
}

/// The subscription state of `amb`: which source won, and the others' subscriptions
/// until then.
private final class AmbSink<Value, Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: all mutable state is inside the lock; `observer` is immutable.

  struct State {
    var winner: Int?
    var isDisposed = false
    var subscriptions: [Disposable?]
  }

  private let observer: Observer<Value, Failure>
  private let state: Locked<State>

  private let liveObject = LiveObjects.track()

  init(_ observer: Observer<Value, Failure>, count: Int) {
    self.observer = observer
    state = Locked(State(subscriptions: Array(repeating: nil, count: count)))
  }

  deinit { LiveObjects.untrack(liveObject) }

  /// Whether some source has won (or this was disposed): later ones need no subscription.
  var isDecided: Bool { state.withLock { $0.winner != nil || $0.isDisposed } }

  /// Keeps the subscription of source `index`, unless it already lost.
  func attach(_ subscription: Disposable, at index: Int) {
    let rejected = state.withLock { state in
      if state.isDisposed || (state.winner != nil && state.winner != index) { return true }
      state.subscriptions[index] = subscription
      return false
    }
    if rejected { subscription.dispose() }
  }

  func receive(_ event: Event<Value, Failure>, from index: Int) {
    let (forwards, losers) = state.withLock { state -> (Bool, [Disposable]) in
      if state.isDisposed { return (false, []) }
      if let winner = state.winner { return (winner == index, []) }
      state.winner = index
      var losers: [Disposable] = []
      for other in state.subscriptions.indices where other != index {
        if let subscription = state.subscriptions[other] { losers.append(subscription) }
        state.subscriptions[other] = nil
      }
      return (true, losers)
    }
    for loser in losers { loser.dispose() }
    // Only the winner gets here, and its own subscription delivers serially.
    if forwards { observer.on(event) }
  }

  func dispose() {
    let subscriptions = state.withLock { state -> [Disposable?] in
      state.isDisposed = true
      defer { state.subscriptions = [] }
      return state.subscriptions
    }
    for subscription in subscriptions { subscription?.dispose() }
  }
}
