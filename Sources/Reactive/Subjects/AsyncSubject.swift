/// A subject that sends only its last value, and only once it completes: every observer,
/// early or late, receives that value and the completion.
///
/// For a result computed once and read by many (a request, a one-off lookup): observers
/// that subscribe after completion still get the value. A failure is sent without a
/// value. Completing without any value sends only the completion. Values sent after the
/// terminal event are ignored.
public final class AsyncSubject<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: `state` is inside the lock; SubjectCore synchronizes the rest.

  struct State {
    var last: Value?
    var isStopped = false
  }

  /// Replays the value (bufferSize 1) to later observers, then the terminal event.
  let core = SubjectCore<Value, Failure>(bufferSize: 1)
  private let state = Locked(State())

  /// A subject that has not completed.
  public init() {}

  /// The subject as a signal: nothing until completion, then the last value (if any)
  /// and the terminal event.
  public var signal: Signal<Value, Failure> {
    let core = self.core
    return Signal { observer, lifetime in core.attach(observer, lifetime) }
  }

  /// The subject as an observer, to bind signals into it.
  public var observer: Observer<Value, Failure> {
    Observer { [self] in on($0) }
  }

  /// Whether a terminal event has been sent.
  public var isStopped: Bool { state.withLock { $0.isStopped } }

  /// Keeps a value, or sends the kept value and the terminal event.
  public func on(_ event: Event<Value, Failure>) {
    switch event {
    case .next(let value): send(value)
    case .failed(let error): send(error: error)
    case .completed: sendCompleted()
    }
  }

  /// Keeps `value` as the one to send on completion, replacing the previous one.
  public func send(_ value: Value) {
    state.withLock { state in
      if !state.isStopped { state.last = value }
    }
  }

  /// Fails every observer, without a value; later sends are ignored.
  public func send(error: Failure) {
    let stops = state.withLock { state -> Bool in
      guard !state.isStopped else { return false }
      state.isStopped = true
      state.last = nil
      return true
    }
    if stops { core.send(.failed(error)) }
  }

  /// Sends the last value (if any) and completes every observer; later sends are
  /// ignored.
  public func sendCompleted() {
    let last = state.withLock { state -> Value?? in
      guard !state.isStopped else { return nil }
      state.isStopped = true
      defer { state.last = nil }
      return .some(state.last)
    }
    guard let last else { return }
    if let value = last { core.send(.next(value)) }
    core.send(.completed)
  }
}

extension AsyncSubject where Value == Void {
  /// Keeps a `Void` value to send on completion.
  public func send() { send(()) }
}
