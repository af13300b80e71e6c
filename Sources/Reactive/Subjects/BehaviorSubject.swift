import Synchronization

/// A subject with a current value: every new observer is sent the latest value first.
///
/// The `RACBehaviorSubject` of this library; the building block of `MutableProperty`.
public final class BehaviorSubject<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: SubjectCore synchronizes delivery; `latest` is inside a Mutex.
  @usableFromInline let core: SubjectCore<Value, Failure>
  @usableFromInline let latest: Mutex<UncheckedSendable<Value>>

  /// A subject whose current value is `value`.
  public init(value: Value) {
    core = SubjectCore(bufferSize: 1, initial: value)
    latest = Mutex(UncheckedSendable(value))
  }

  /// The latest value sent (or the initial one).
  @inlinable
  public var value: Value { latest.withLock { $0.value } }

  /// The subject as a signal: the current value, then every later one.
  @inlinable
  public var signal: Signal<Value, Failure> {
    let core = self.core
    return Signal { observer in core.attach(observer) }
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
    if case .next(let value) = event {
      guard !core.isStopped else { return }
      latest.withLock { $0 = UncheckedSendable(value) }
    }
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
