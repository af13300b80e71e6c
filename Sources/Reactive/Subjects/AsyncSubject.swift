/// A subject that sends only its last value, and only once it completes: every observer,
/// early or late, receives that value and the completion.
///
/// For a result computed once and read by many (a request, a one-off lookup): observers
/// that subscribe after completion still get the value. A failure is sent without a
/// value. Completing without any value sends only the completion. Values sent after the
/// terminal event are ignored.
///
/// `signal`, `observer` and the sends are `Subject`'s: its core keeps the last value
/// instead of delivering it, until completion (`SubjectCore.holdsLast`).
public final class AsyncSubject<Value, Failure: Error>: Subject<Value, Failure>,
  @unchecked Sendable
{
  /// A subject that has not completed.
  public init() {
    super.init(core: SubjectCore(bufferSize: SubjectCore<Value, Failure>.holdsLast))
  }
}
