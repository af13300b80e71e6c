/// A hot signal you send into: every observer gets the values sent after it subscribed.
///
/// The `RACSubject` of this library. Sends from several threads, and re-entrant sends
/// from an observer, are delivered one at a time in submission order (each thread's own
/// sends in its order); see <doc:Contracts>. Subscribing after the terminal event
/// receives that event at once. `signal`, `observer` and the sends are `Subject`'s.
public final class PublishSubject<Value, Failure: Error>: Subject<Value, Failure>,
  @unchecked Sendable
{
  /// A subject with no observers.
  @inlinable
  public init() {
    super.init(core: SubjectCore(bufferSize: 0))
  }
}
