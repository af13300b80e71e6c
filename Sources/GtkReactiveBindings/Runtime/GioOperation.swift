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
///
/// Both closures are made on the main actor (they use the wrapped objects) and run only
/// on the main thread: `start` where a call starts, `finish` in GIO's ready callback.
/// Their types say nothing of it, so that running them costs no isolation check.
nonisolated package struct GioOperation<Value>: @unchecked Sendable {
  // @unchecked: the closures run on the main thread only (see above).
  package let start: (GioStart) -> Void
  package let finish: (OpaquePointer?) throws(GLibError) -> Value

  package init(
    start: @escaping (GioStart) -> Void,
    finish: @escaping (OpaquePointer?) throws(GLibError) -> Value
  ) {
    self.start = start
    self.finish = finish
  }

  /// The operation as a cold signal: each subscription starts a call with a fresh
  /// `GCancellable`, and sends the result then completes, or fails with GIO's error, on
  /// the main loop. Disposing cancels the call; what arrives after that is dropped.
  package var signal: Signal<Value, GLibError> {
    let operation = self
    return Signal { observer in
      if MainThread.isCurrent { return operation.run(observer) }
      return onMainThread { operation.run(observer) }
    }
  }

  /// One subscription of `signal`: a started call.
  private func run(_ observer: Observer<Value, GLibError>) -> Disposable {
    let finish = self.finish
    let call = GioCall(progress: nil) { result, cancelled in
      // Finished even when cancelled: `finish` frees what GIO made.
      let outcome = Result { () throws(GLibError) -> Value in try finish(result) }
      if cancelled { return }
      switch outcome {
      case .success(let value):
        observer.send(value)
        observer.sendCompleted()
      case .failure(let error):
        observer.send(error: error)
      }
    }
    call.start(start)
    return call
  }

  /// The operation as a cold signal of progress reports followed by the result (see
  /// `signal`).
  package func signal<Progress>(reporting: Progress.Type) -> Signal<
    ProgressEvent<Progress, Value>, GLibError
  > {
    let operation = self
    return Signal { observer in
      if MainThread.isCurrent { return operation.run(reporting: observer) }
      return onMainThread { operation.run(reporting: observer) }
    }
  }

  /// One subscription of `signal(reporting:)`.
  private func run<Progress>(
    reporting observer: Observer<ProgressEvent<Progress, Value>, GLibError>
  ) -> Disposable {
    let finish = self.finish
    let sink = ProgressSink<Progress> { observer.send(.progress($0)) }
    let call = GioCall(progress: sink) { result, cancelled in
      let outcome = Result { () throws(GLibError) -> Value in try finish(result) }
      if cancelled { return }
      switch outcome {
      case .success(let value):
        observer.send(.finished(value))
        observer.sendCompleted()
      case .failure(let error):
        observer.send(error: error)
      }
    }
    call.start(start)
    return call
  }

  /// Runs the operation and returns its result: resumes exactly once, when GIO's ready
  /// callback runs. Cancelling the task cancels the call through its `GCancellable`; GIO
  /// then fails it with `GLibError.isCancelled` (or, if it had already finished, the
  /// result stands).
  @MainActor
  package func value<Progress>(progress: ((Progress) -> Void)?) async throws(GLibError) -> Value {
    let finish = self.finish
    let start = self.start
    // Made before the task's cancellation handler, which must reach it; finished by the
    // continuation, which exists only inside `withCheckedContinuation`.
    let call = GioCall(progress: progress.map { ProgressSink($0) }, onFinish: nil)
    let outcome = await withTaskCancellationHandler {
      // Unchecked: GIO calls the ready callback exactly once, and `GioCall` runs
      // `onFinish` once and drops it (the checked form costs an allocation per call).
      await withUnsafeContinuation {
        (continuation: UnsafeContinuation<UncheckedOutcome<Value>, Never>) in
        call.onFinish = { result, _ in
          // Resumed even when cancelled: the caller awaits exactly one outcome.
          continuation.resume(
            returning: UncheckedOutcome(
              result: Result { () throws(GLibError) -> Value in try finish(result) }))
        }
        call.start(start)
      }
    } onCancel: {
      call.dispose()
    }
    return try outcome.result.get()
  }

  /// `value(progress:)` for an operation without progress.
  @MainActor
  package func value() async throws(GLibError) -> Value {
    try await value(progress: nil as ((Never) -> Void)?)
  }
}

/// A call's outcome handed from GIO's callback to the awaiting task: both run on the main
/// actor, so a result that is not `Sendable` (a wrapper of a GObject) may cross.
nonisolated private struct UncheckedOutcome<Value>: @unchecked Sendable {
  package let result: Result<Value, GLibError>
}

/// Checks on what a `_finish` function gives.
nonisolated package enum GioResult {
  /// `value`, or an error naming `function` when GIO gave neither a result nor an error
  /// (an annotation says it cannot happen; a wrong one must not crash the app).
  package static func required<T>(_ value: T?, from function: String) throws(GLibError) -> T {
    guard let value else {
      throw GLibError(
        domain: "gtkreactive-error-quark", code: 0,
        message: "\(function) gave neither a result nor an error")
    }
    return value
  }
}

/// An operation's progress reports, then its result: what the signal of an operation that
/// reports progress (`file.rx.copy(_:flags:)`) sends.
nonisolated public enum ProgressEvent<Progress, Value> {
  /// A progress report (on the main thread).
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
