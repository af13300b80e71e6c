/// A subject that replays the latest `bufferSize` values to every new observer, then
/// the terminal event if there was one.
///
/// The `RACReplaySubject` of this library. `signal`, `observer` and the sends are
/// `Subject`'s.
public final class ReplaySubject<Value, Failure: Error>: Subject<Value, Failure>,
  @unchecked Sendable
{
  /// A subject that keeps the latest `bufferSize` values (`Int.max`: all of them).
  public init(bufferSize: Int) {
    precondition(bufferSize >= 0, "ReplaySubject: bufferSize must not be negative")
    super.init(core: SubjectCore(bufferSize: bufferSize))
  }
}
