// Running Swift concurrency and GIO's asynchronous calls inside the GTK main loop, for the
// GIO suites: a task's outcome, and a failable signal's events.
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

/// A main-actor task started now and awaited by iterating the main loop (GIO's callbacks
/// and the main actor's jobs both run there).
@MainActor
final class LoopTask<Value> {
  private(set) var outcome: Result<Value, any Error>?
  private(set) var resumedOnMainThread = true
  private var task: Task<Void, Never>?

  init(_ body: @escaping @MainActor () async throws -> Value) {
    task = Task { @MainActor [weak self] in
      let outcome: Result<Value, any Error>
      do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
      self?.resumedOnMainThread = Thread.isMainThread
      self?.outcome = outcome
    }
  }

  /// Cancels the task.
  func cancel() { task?.cancel() }

  /// Iterates the loop until the task ended; fails the test on timeout.
  @discardableResult
  func wait(
    timeout: Duration = .seconds(10), file: StaticString = #filePath, line: UInt = #line
  ) -> Result<Value, any Error>? {
    runMainLoop(
      until: { outcome != nil }, timeout: timeout, "the task did not end", file: file, line: line)
    return outcome
  }

  /// The task's value; fails the test with its error.
  func value(file: StaticString = #filePath, line: UInt = #line) -> Value? {
    switch wait(file: file, line: line) {
    case .success(let value)?: return value
    case .failure(let error)?:
      XCTFail("failed: \(error)", file: file, line: line)
      return nil
    case nil: return nil
    }
  }

  /// The task's error as GIO's; fails the test when it succeeded or threw another type.
  func glibError(file: StaticString = #filePath, line: UInt = #line) -> GLibError? {
    switch wait(file: file, line: line) {
    case .failure(let error as GLibError)?: return error
    case .failure(let error)?:
      XCTFail("not a GLibError: \(error)", file: file, line: line)
    case .success?:
      XCTFail("succeeded", file: file, line: line)
    case nil: break
    }
    return nil
  }
}

/// Records a failable signal's events, and whether each came on the main thread.
@MainActor
final class EventRecorder<Value> {
  private(set) var values: [Value] = []
  private(set) var error: GLibError?
  private(set) var completed = false
  private(set) var onMainThread = true
  private(set) var subscription: Disposable?

  init(_ signal: Signal<Value, GLibError>, onValue: ((Value) -> Void)? = nil) {
    subscription = signal.subscribe(
      next: { [weak self] value in
        guard let self else { return }
        onMainThread = onMainThread && Thread.isMainThread
        values.append(value)
        onValue?(value)
      },
      error: { [weak self] error in
        self?.onMainThread = (self?.onMainThread ?? true) && Thread.isMainThread
        self?.error = error
      },
      completed: { [weak self] in
        self?.onMainThread = (self?.onMainThread ?? true) && Thread.isMainThread
        self?.completed = true
      })
  }

  /// Whether the signal ended (completed or failed).
  var ended: Bool { completed || error != nil }

  /// Iterates the loop until the signal ended; fails the test on timeout.
  func waitForEnd(
    timeout: Duration = .seconds(10), file: StaticString = #filePath, line: UInt = #line
  ) {
    runMainLoop(
      until: { self.ended }, timeout: timeout, "the signal did not end", file: file, line: line)
  }

  /// Disposes the subscription.
  func dispose() { subscription?.dispose() }
}

/// The `GFile` for `path`.
@MainActor
func gioFile(_ path: String) -> AnyFile {
  AnyFile(path: path)
}
