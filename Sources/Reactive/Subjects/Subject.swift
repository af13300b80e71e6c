/// What `PublishSubject`, `BehaviorSubject`, `ReplaySubject` and `AsyncSubject` share:
/// the delivery engine (`SubjectCore`) and everything you do with a subject through it.
/// They differ only in what their core keeps and sends a new observer first (nothing,
/// the current value, the buffered values, the result once completed), which they
/// choose when they make it.
///
/// Not subclassable outside this module; use one of the four.
public class Subject<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: SubjectCore synchronizes all state.
  @usableFromInline let core: SubjectCore<Value, Failure>

  @inlinable
  init(core: SubjectCore<Value, Failure>) {
    self.core = core
  }

  // The core's observers hold the core, so that a dispose reaches it with no retain;
  // the subject releases them when it goes. Its signal and observer therefore hold the
  // subject, not the core: as long as something can still subscribe or send, the
  // subscriptions stay.
  deinit { core.close() }

  /// The subject as a signal: each subscription adds an observer, which is sent what
  /// the subject replays (if anything), then every later event.
  @inlinable
  public final var signal: Signal<Value, Failure> {
    // The two-argument form: the one-argument one wraps the closure in another.
    Signal { [self] observer, lifetime in core.attach(observer, lifetime) }
  }

  /// The subject as an observer, to bind signals into it.
  @inlinable
  public final var observer: Observer<Value, Failure> {
    Observer { [self] in core.send($0) }
  }

  /// Whether a terminal event has been sent.
  @inlinable
  public final var isStopped: Bool { core.isStopped }

  /// Sends an event to every observer.
  @inlinable
  public final func on(_ event: Event<Value, Failure>) { core.send(event) }

  /// Sends a value to every observer (and keeps it, if the subject replays); an
  /// `AsyncSubject` keeps it for its completion instead.
  @inlinable
  public final func send(_ value: Value) { core.send(.next(value)) }

  /// Fails every observer; later sends are ignored.
  @inlinable
  public final func send(error: Failure) { core.send(.failed(error)) }

  /// Completes every observer; later sends are ignored.
  @inlinable
  public final func sendCompleted() { core.send(.completed) }
}

extension Subject where Value == Void {
  /// Sends a `Void` value.
  @inlinable
  public final func send() { core.send(.next(())) }
}
