// The GTK thread, and work sent to it from others.
import CGtk
import Reactive

/// The GTK thread: the process's main thread, which calls `gtk_init` and runs the loop.
package nonisolated enum MainThread {
  /// Whether the caller is on the main thread.
  package nonisolated static var isCurrent: Bool { cgtk_is_main_thread() != 0 }

  /// Runs `body`, which is isolated to the main actor, on the main thread, where the
  /// caller must be: GTK's callbacks, which Swift sees as nonisolated. What
  /// `MainActor.assumeIsolated` does, without its cost (it allocated a box and asked the
  /// concurrency runtime for the current executor: ~690 instructions, paid per file of a
  /// folder listing when each of its objects was wrapped); the precondition is the check.
  nonisolated static func assumeIsolated<T>(_ body: @MainActor () -> T) -> T {
    precondition(isCurrent, "GtkReactive: GTK called back on a thread other than the main one")
    return withoutActuallyEscaping(body) { body in
      unsafeBitCast(body, to: (() -> T).self)()
    }
  }

  /// Runs `work` from an idle source of the default main context at `priority`, even when
  /// called on the main thread; the returned disposable cancels it if it has not run.
  @discardableResult
  package nonisolated static func async(
    priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ work: @escaping () -> Void
  ) -> Disposable {
    let box = ActionBox(work)
    g_idle_add_full(
      priority, runActionOnce, Unmanaged.passRetained(box).toOpaque(), releaseActionBox)
    return AnyDisposable { box.cancelled.store(true, ordering: .releasing) }
  }

  /// Runs `work` now when called on the main thread, otherwise from an idle source of the
  /// default main context (so it runs once the loop iterates).
  package nonisolated static func run(_ work: @escaping () -> Void) {
    if isCurrent {
      work()
    } else {
      let box = ActionBox(work)
      g_idle_add_full(
        G_PRIORITY_DEFAULT, runActionOnce, Unmanaged.passRetained(box).toOpaque(),
        releaseActionBox)
    }
  }
}
