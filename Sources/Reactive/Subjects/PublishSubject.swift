/// A hot signal you send into: every observer gets the values sent after it subscribed.
///
/// The `RACSubject` of this library. Sends from several threads, and re-entrant sends
/// from an observer, are delivered one at a time in submission order (each thread's own
/// sends in its order); see `Docs/Contracts.md`. Subscribing after the terminal event
/// receives that event at once.
public final class PublishSubject<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: SubjectCore synchronizes all state.
  @usableFromInline let core = SubjectCore<Value, Failure>(bufferSize: 0)

  /// A subject with no observers.
  public init() {}

  /// The subject as a signal; each subscription adds an observer.
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

  /// Sends a value to every observer.
  @inlinable
  public func send(_ value: Value) { core.send(.next(value)) }

  /// Fails every observer; later sends are ignored.
  @inlinable
  public func send(error: Failure) { core.send(.failed(error)) }

  /// Completes every observer; later sends are ignored.
  @inlinable
  public func sendCompleted() { core.send(.completed) }
}

extension PublishSubject where Value == Void {
  /// Sends a `Void` value.
  @inlinable
  public func send() { core.send(.next(())) }
}
