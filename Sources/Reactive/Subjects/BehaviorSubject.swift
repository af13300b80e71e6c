/// A subject with a current value: every new observer is sent the latest value first.
///
/// The `RACBehaviorSubject` of this library. `signal`, `observer` and the sends are
/// `Subject`'s; sending a value makes it current.
public final class BehaviorSubject<Value, Failure: Error>: Subject<Value, Failure>,
  @unchecked Sendable
{
  /// A subject whose current value is `value`.
  public init(value: Value) {
    super.init(core: SubjectCore(bufferSize: 1, initial: value, tracksLatest: true))
  }

  /// The current value: the latest one delivered to observers (or the initial one).
  ///
  /// It is recorded by the delivering thread, in delivery order, so it always agrees
  /// with what a new subscriber is sent first. A send queued behind another thread's
  /// delivery becomes current when it is delivered.
  @inlinable
  public var value: Value { core.latestValue! }
}
