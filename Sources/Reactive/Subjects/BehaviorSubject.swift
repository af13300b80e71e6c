/// A subject with a current value: every new observer is sent the latest value first.
///
/// The `RACBehaviorSubject` of this library; the building block of `MutableProperty`.
public final class BehaviorSubject<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: SubjectCore synchronizes all state.
  @usableFromInline let core: SubjectCore<Value, Failure>

  /// A subject whose current value is `value`.
  public init(value: Value) {
    core = SubjectCore(bufferSize: 1, initial: value, tracksLatest: true)
  }

  /// The current value: the latest one delivered to observers (or the initial one).
  ///
  /// It is recorded by the delivering thread, in delivery order, so it always agrees
  /// with what a new subscriber is sent first. A send queued behind another thread's
  /// delivery becomes current when it is delivered.
  @inlinable
  public var value: Value { core.latestValue! }

  /// The subject as a signal: the current value, then every later one.
  @inlinable
  public var signal: Signal<Value, Failure> {
    let core = self.core
    // The two-argument form: the one-argument one wraps the closure in another.
    return Signal { observer, _ in core.attach(observer) }
  }

  /// The subject as an observer, to bind signals into it.
  @inlinable
  public var observer: Observer<Value, Failure> {
    Observer { [self] in on($0) }
  }

  /// Whether a terminal event has been sent.
  @inlinable
  public var isStopped: Bool { core.isStopped }

  /// Sends an event to every observer.
  @inlinable
  public func on(_ event: Event<Value, Failure>) {
    core.send(event)
  }

  /// Makes `value` current and sends it to every observer.
  @inlinable
  public func send(_ value: Value) { on(.next(value)) }

  /// Fails every observer; later sends are ignored.
  @inlinable
  public func send(error: Failure) { core.send(.failed(error)) }

  /// Completes every observer; later sends are ignored.
  @inlinable
  public func sendCompleted() { core.send(.completed) }
}
