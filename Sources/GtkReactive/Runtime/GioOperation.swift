// One asynchronous GIO operation as generated code describes it (how to start it, how to
// finish it), and its two Swift forms: a cold Signal and an `async` value.
import CGtk
import Reactive

/// How to start and finish one asynchronous GIO operation: all a generated leaf supplies.
///
/// `start` calls the `_async` function with the call's cancellable and callback (see
/// `GioStart`); `finish` calls the `_finish` function with the `GAsyncResult` and converts
/// what it gives, throwing GIO's error. Whatever the closures capture (the source object,
/// arguments, a buffer GIO writes into) lives until the call has finished.
nonisolated struct GioOperation<Value>: @unchecked Sendable {
  // @unchecked: both closures are main-actor closures, run only there.
  let start: @MainActor (GioStart) -> Void
  let finish: @MainActor (OpaquePointer?) throws(GLibError) -> Value

  init(
    start: @escaping @MainActor (GioStart) -> Void,
    finish: @escaping @MainActor (OpaquePointer?) throws(GLibError) -> Value
  ) {
    self.start = start
    self.finish = finish
  }

  /// The operation as a cold signal: each subscription starts a call with a fresh
  /// `GCancellable`, and sends the result then completes, or fails with GIO's error, on
  /// the main loop. Disposing cancels the call; what arrives after that is dropped.
  var signal: Signal<Value, GLibError> {
    let operation = self
    return Signal { observer in
      onMainThread {
        MainActor.assumeIsolated {
          let call = GioCall(operation, progress: nil as ProgressSink<Never>?) { outcome in
            switch outcome {
            case .success(let value):
              observer.send(value)
              observer.sendCompleted()
            case .failure(let error):
              observer.send(error: error)
            }
          }
          call.start()
          return call
        }
      }
    }
  }

  /// The operation as a cold signal of progress reports followed by the result (see
  /// `signal`).
  func signal<Progress>(reporting: Progress.Type) -> Signal<
    ProgressEvent<Progress, Value>, GLibError
  > {
    let operation = self
    return Signal { observer in
      onMainThread {
        MainActor.assumeIsolated {
          let sink = ProgressSink<Progress> { observer.send(.progress($0)) }
          let call = GioCall(operation, progress: sink) { outcome in
            switch outcome {
            case .success(let value):
              observer.send(.finished(value))
              observer.sendCompleted()
            case .failure(let error):
              observer.send(error: error)
            }
          }
          call.start()
          return call
        }
      }
    }
  }

  /// Runs the operation and returns its result: resumes exactly once, when GIO's ready
  /// callback runs. Cancelling the task cancels the call through its `GCancellable`; GIO
  /// then fails it with `GLibError.isCancelled` (or, if it had already finished, the
  /// result stands).
  @MainActor
  func value<Progress>(progress: ((Progress) -> Void)?) async throws(GLibError) -> Value {
    let sink = progress.map { ProgressSink($0) }
    let call = GioCall(self, progress: sink, resumesWhenCancelled: true, completion: nil)
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<UncheckedOutcome<Value>, Never>) in
        call.completion = { continuation.resume(returning: UncheckedOutcome(result: $0)) }
        call.start()
      }
    } onCancel: {
      call.dispose()
    }
    return try outcome.result.get()
  }

  /// `value(progress:)` for an operation without progress.
  @MainActor
  func value() async throws(GLibError) -> Value {
    try await value(progress: nil as ((Never) -> Void)?)
  }
}

/// A call's outcome handed from GIO's callback to the awaiting task: both run on the main
/// actor, so a result that is not `Sendable` (a wrapper of a GObject) may cross.
nonisolated private struct UncheckedOutcome<Value>: @unchecked Sendable {
  let result: Result<Value, GLibError>
}

/// One call of a `GioOperation`: finishes it when GIO's ready callback runs and hands the
/// outcome to `completion`, unless the call was cancelled for a signal's subscriber.
nonisolated final class GioCall<Value>: GioCallBase, @unchecked Sendable {
  private let operation: GioOperation<Value>
  /// Where the outcome goes (main thread only); cleared once delivered.
  var completion: ((Result<Value, GLibError>) -> Void)?
  /// Whether the outcome of a cancelled call still goes to `completion`: an `async`
  /// caller must be resumed; a disposed subscription must not hear anything.
  private let resumesWhenCancelled: Bool

  init<Progress>(
    _ operation: GioOperation<Value>, progress: ProgressSink<Progress>?,
    resumesWhenCancelled: Bool, completion: ((Result<Value, GLibError>) -> Void)?
  ) {
    self.operation = operation
    self.completion = completion
    self.resumesWhenCancelled = resumesWhenCancelled
    super.init(progressSink: progress)
  }

  /// A call for a signal's subscriber: nothing is delivered once it is cancelled.
  convenience init<Progress>(
    _ operation: GioOperation<Value>, progress: ProgressSink<Progress>?,
    _ completion: @escaping (Result<Value, GLibError>) -> Void
  ) {
    self.init(operation, progress: progress, resumesWhenCancelled: false, completion: completion)
  }

  /// Starts the call (main thread).
  func start() {
    MainActor.assumeIsolated {
      let operation = self.operation
      start { operation.start($0) }
    }
  }

  override func finished(_ result: OpaquePointer?) {
    // GIO's result object, valid during this callback, which runs on the main thread.
    nonisolated(unsafe) let result = result
    MainActor.assumeIsolated {
      // Finished even when cancelled: `finish` frees what GIO made (a result that came
      // before the cancellation, or the error).
      let outcome = Result { () throws(GLibError) -> Value in try operation.finish(result) }
      let completion = self.completion
      self.completion = nil
      if isCancelled && !resumesWhenCancelled { return }
      completion?(outcome)
    }
  }
}

/// An operation's progress reports, then its result: what the signal of an operation that
/// reports progress (`file.rx.copy(to:)`) sends.
nonisolated public enum ProgressEvent<Progress, Value> {
  /// A progress report (on the main thread, as GIO delivers it).
  case progress(Progress)
  /// The operation's result; the signal then completes.
  case finished(Value)

  /// The progress of a `.progress` event.
  public var progress: Progress? {
    if case .progress(let progress) = self { return progress }
    return nil
  }

  /// The result of a `.finished` event.
  public var result: Value? {
    if case .finished(let value) = self { return value }
    return nil
  }
}

extension ProgressEvent: Sendable where Progress: Sendable, Value: Sendable {}
extension ProgressEvent: Equatable where Progress: Equatable, Value: Equatable {}

/// Checks on what a `_finish` function gives.
nonisolated enum GioResult {
  /// `value`, or an error naming `function` when GIO gave neither a result nor an error
  /// (an annotation says it cannot happen; a wrong one must not crash the app).
  static func required<T>(_ value: T?, from function: String) throws(GLibError) -> T {
    guard let value else {
      throw GLibError(
        domain: "gtkreactive-error-quark", code: 0,
        message: "\(function) gave neither a result nor an error")
    }
    return value
  }
}
