// A Reactive Scheduler on the GLib main loop (the GTK thread).
import CGtk
import Reactive

/// Runs actions on GTK's main context (GLib's default one), on the main thread.
///
/// `schedule(_:)` runs the action at once when called on the main thread
/// (`g_main_context_invoke_full`), and from another thread as soon as the loop iterates
/// (an idle source, never on the calling thread); actions scheduled
/// from one thread run in the order they were scheduled. Delayed and repeating actions
/// are GLib timeout sources; disposing destroys the source (`g_source_destroy` on the
/// source object rather than `g_source_remove` on its id, because an id may already
/// have been removed and reused, and removing it again logs a critical).
nonisolated public final class MainLoopScheduler: Scheduler, Sendable {

  /// The scheduler of GTK's default context, on the main thread.
  public static let main = MainLoopScheduler()

  /// A scheduler on the default main context.
  nonisolated public init() {}

  /// Monotonic time, from `g_get_monotonic_time`.
  nonisolated public var now: Duration { .microseconds(g_get_monotonic_time()) }

  /// Runs `action` on the loop: now if the caller may, otherwise when the loop iterates.
  @discardableResult
  nonisolated public func schedule(_ action: @escaping () -> Void) -> Disposable {
    let box = ActionBox(action)
    MainLoopSources.invoke(box)
    return AnyDisposable { box.cancelled.store(true, ordering: .releasing) }
  }

  /// Runs `action` once after `delay`; disposing removes the timer.
  @discardableResult
  nonisolated public func schedule(
    after delay: Duration, _ action: @escaping () -> Void
  ) -> Disposable {
    timer(after: delay, repeats: false, action)
  }

  /// Runs `action` after `delay` and then every `interval`; disposing removes the timer.
  ///
  /// When `delay == interval` one GLib timeout does it all; otherwise a one-shot timeout
  /// starts a repeating one.
  @discardableResult
  nonisolated public func schedule(
    after delay: Duration, interval: Duration, _ action: @escaping () -> Void
  ) -> Disposable {
    precondition(interval > .zero, "MainLoopScheduler: a repeating interval must be positive")
    if delay == interval { return timer(after: interval, repeats: true, action) }
    let serial = SerialDisposable()
    serial.inner = timer(after: delay, repeats: false) { [weak serial] in
      guard let serial, !serial.isDisposed else { return }
      action()
      serial.inner = self.timer(after: interval, repeats: true, action)
    }
    return serial
  }

  /// Runs `action` once the main loop has nothing more urgent to do: after the pending
  /// input, the redraws and every source of default priority (a GLib idle source at
  /// `G_PRIORITY_DEFAULT_IDLE`, where GTK itself puts work that can wait). For work a
  /// frame on screen should not wait for, such as building what is not shown yet.
  /// Disposing removes the source.
  @discardableResult
  nonisolated public func scheduleWhenIdle(_ action: @escaping () -> Void) -> Disposable {
    let box = ActionBox(action)
    let source = SourceReference(MainLoopSources.idle(box))
    return AnyDisposable {
      box.cancelled.store(true, ordering: .releasing)
      g_source_destroy(source.pointer)  // harmless when it already ran
    }
  }

  nonisolated private func timer(
    after delay: Duration, repeats: Bool, _ action: @escaping () -> Void
  ) -> Disposable {
    let box = ActionBox(action)
    let milliseconds = UInt32(clamping: max(0, delay.milliseconds))
    let source = SourceReference(
      MainLoopSources.timeout(box, milliseconds: milliseconds, repeats: repeats))
    // Disposing destroys the source; the reference is released with the disposable,
    // whether or not it was ever disposed (a fired one-shot timer is often just dropped).
    return AnyDisposable {
      box.cancelled.store(true, ordering: .releasing)
      g_source_destroy(source.pointer)  // harmless when it already fired
    }
  }
}

/// Owns one reference to a GSource and drops it on deinit, from any thread (GLib's
/// source reference counting is thread-safe).
nonisolated private final class SourceReference: @unchecked Sendable {
  // @unchecked: the pointer is immutable and GSource refcounting is thread-safe.
  let pointer: UnsafeMutablePointer<GSource>
  init(_ pointer: UnsafeMutablePointer<GSource>) { self.pointer = pointer }
  deinit { g_source_unref(pointer) }
}

extension Duration {
  /// Whole milliseconds, rounded up so a timer never fires early.
  nonisolated var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
  }
}
