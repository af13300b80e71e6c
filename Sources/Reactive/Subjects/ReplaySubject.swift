/// A subject that replays the latest `bufferSize` values to every new observer, then
/// the terminal event if there was one.
///
/// The `RACReplaySubject` of this library.
public final class ReplaySubject<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: SubjectCore synchronizes all state.
  @usableFromInline let core: SubjectCore<Value, Failure>

  /// A subject that keeps the latest `bufferSize` values (`Int.max`: all of them).
  public init(bufferSize: Int) {
    precondition(bufferSize >= 0, "ReplaySubject: bufferSize must not be negative")
    core = SubjectCore(bufferSize: bufferSize)
  }

  /// The subject as a signal: the buffered values, then every later one.
  @inlinable
  public var signal: Signal<Value, Failure> {
    let core = self.core
    // The two-argument form: the one-argument one wraps the closure in another.
    return Signal { observer, _ in core.attach(observer) }
  }

  /// The subject as an observer, to bind signals into it.
  @inlinable
  public var observer: Observer<Value, Failure> {
    let core = self.core
    return Observer { core.send($0) }
  }

  /// Whether a terminal event has been sent.
  @inlinable
  public var isStopped: Bool { core.isStopped }

  /// Sends an event to every observer.
  @inlinable
  public func on(_ event: Event<Value, Failure>) { core.send(event) }

  /// Sends a value to every observer, and keeps it for later ones.
  @inlinable
  public func send(_ value: Value) { core.send(.next(value)) }

  /// Fails every observer; later sends are ignored.
  @inlinable
  public func send(error: Failure) { core.send(.failed(error)) }

  /// Completes every observer; later sends are ignored.
  @inlinable
  public func sendCompleted() { core.send(.completed) }
}
