// GIO's asynchronous calls: the one GAsyncReadyCallback trampoline, each call's
// GCancellable, and the progress trampolines, under every generated `_async`/`_finish` pair.
import CGtk
import Reactive
import Synchronization

/// What a generated start function passes to GIO: the call's cancellable, the ready
/// callback and its user data (and, for operations that report progress, the progress
/// callback's user data, the same pointer).
nonisolated package struct GioStart {
  /// The call's own `GCancellable`.
  package let cancellable: UnsafeMutablePointer<GCancellable>
  /// The ready callback: `GioCall`'s trampoline.
  package let ready: GAsyncReadyCallback
  /// The user data of the ready (and progress) callback: the call, retained once for the
  /// ready callback.
  package let data: UnsafeMutableRawPointer
  /// Whether anyone listens to progress: otherwise the start passes no progress callback,
  /// and GIO does not stop to report it.
  package let reportsProgress: Bool

  /// `trampoline` when progress is wanted, else `nil` (what C takes for "no callback").
  package func progress<Callback>(_ trampoline: Callback) -> Callback? {
    reportsProgress ? trampoline : nil
  }
}

/// One asynchronous GIO call, from its start to GIO's ready callback; cancelling it (its
/// `dispose()`) cancels its `GCancellable`.
///
/// Ownership: the ready callback's user data holds one retain, taken at `start` and given
/// back when GIO calls it, which it does exactly once, also for a cancelled call. Progress
/// callbacks get the same pointer unretained: GIO calls them while the operation runs,
/// before its ready callback.
///
/// Threads: the call is started on the main thread, so GIO runs the ready callback in the
/// main context. GIO hands progress to the main context with `g_main_context_invoke`,
/// which calls it at once, on GIO's worker thread, whenever no thread is iterating that
/// context (between the iterations of a test's loop, say): such a report is moved to the
/// main thread, and one that arrives there after the result is dropped.
///
/// Not generic: one C trampoline serves every call, and making a call needs no generic
/// metadata. What is typed lives in `onFinish`, which `GioOperation` builds.
nonisolated final class GioCall: Disposable, @unchecked Sendable {
  // @unchecked: `cancellable` is immutable and GCancellable is thread-safe; `onFinish`
  // and `hasFinished` are touched only on the main thread.
  let cancellable: UnsafeMutablePointer<GCancellable>
  private let cancelled = Atomic<Bool>(false)
  /// What progress callbacks send to (`ProgressSink<Progress>`), or `nil`.
  private let progressSink: AnyObject?
  /// Finishes the call with GIO's result; told whether the call was cancelled by then.
  /// Set before `start`; released once run.
  var onFinish: ((OpaquePointer?, _ cancelled: Bool) -> Void)?
  /// Whether the ready callback ran (main thread only): later progress is dropped.
  private var hasFinished = false

  private let liveObject = GtkBoxes.track()

  init(progress: AnyObject?, onFinish: ((OpaquePointer?, _ cancelled: Bool) -> Void)?) {
    cancellable = g_cancellable_new()
    progressSink = progress
    self.onFinish = onFinish
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(cancellable))
    GtkBoxes.untrack(liveObject)
  }

  /// Whether the call was cancelled (disposed).
  var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  /// Whether `dispose()` has been called.
  var isDisposed: Bool { isCancelled }

  /// Cancels the call through its `GCancellable`: from any thread, any number of times,
  /// before the start (GIO then reports the cancellation) or after the end (harmless).
  func dispose() {
    guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    g_cancellable_cancel(cancellable)
  }

  /// Starts the call on the main thread: `body` calls the `_async` function with what
  /// `GioStart` holds.
  func start(_ body: (GioStart) -> Void) {
    let data = Unmanaged.passRetained(self).toOpaque()
    body(
      GioStart(
        cancellable: cancellable, ready: gioReady, data: data,
        reportsProgress: progressSink != nil))
  }

  /// The ready callback ran (main thread).
  fileprivate func readyCallbackRan(_ result: OpaquePointer?) {
    hasFinished = true
    let onFinish = self.onFinish
    self.onFinish = nil
    onFinish?(result, isCancelled)
  }

  /// Hands a progress report to the call's sink on the main thread, unless the call was
  /// cancelled or has finished by then.
  fileprivate func report<Progress>(_ value: Progress) {
    guard MainThread.isCurrent else {
      // GIO's worker thread: the call is alive (its operation is still running); the
      // closure's reference keeps it so until the report is delivered.
      MainThread.run { self.report(value) }
      return
    }
    guard !hasFinished, !isCancelled, let sink = progressSink as? ProgressSink<Progress> else {
      return
    }
    sink.send(value)
  }
}

/// The ready callback of every call: gives back the retain `start` took.
nonisolated private let gioReady: GAsyncReadyCallback = { _, result, data in
  Unmanaged<GioCall>.fromOpaque(data!).takeRetainedValue().readyCallbackRan(result)
}

/// Where a call's progress reports go: a progress value of one type.
nonisolated final class ProgressSink<Progress> {
  let send: (Progress) -> Void

  init(_ send: @escaping (Progress) -> Void) { self.send = send }
}

/// The progress callbacks of GIO's operations, each reading C's arguments into a Swift
/// value and handing it to the call's `ProgressSink` (user data: the call, unretained).
nonisolated enum GioProgress {
  /// `GFileProgressCallback` (copy, move): bytes done and in all.
  static let fileProgress: GFileProgressCallback = { current, total, data in
    report(data, FileProgress(currentBytes: Int(current), totalBytes: Int(total)))
  }

  /// `GFileMeasureProgressCallback` (disk usage): the sizes and counts so far.
  static let fileMeasureProgress: GFileMeasureProgressCallback = {
    reporting, size, directories, files, data in
    report(
      data,
      FileMeasureProgress(
        isReporting: reporting != 0, diskUsage: Int(truncatingIfNeeded: size),
        directories: Int(truncatingIfNeeded: directories),
        files: Int(truncatingIfNeeded: files)))
  }

  private static func report<Progress>(_ data: UnsafeMutableRawPointer?, _ value: Progress) {
    guard let data else { return }
    Unmanaged<GioCall>.fromOpaque(data).takeUnretainedValue().report(value)
  }
}
