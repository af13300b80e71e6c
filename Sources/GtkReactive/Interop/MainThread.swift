// The GTK thread, and work sent to it from others.
import CGtk
import Reactive

/// The GTK thread: the process's main thread, which calls `gtk_init` and runs the loop.
nonisolated enum MainThread {
  /// Whether the caller is on the main thread.
  nonisolated static var isCurrent: Bool { cgtk_is_main_thread() != 0 }

  /// Runs `work` from an idle source of the default main context at `priority`, even when
  /// called on the main thread; the returned disposable cancels it if it has not run.
  @discardableResult
  nonisolated static func async(
    priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ work: @escaping () -> Void
  ) -> Disposable {
    let box = ActionBox(work)
    g_idle_add_full(
      priority, runActionOnce, Unmanaged.passRetained(box).toOpaque(), releaseActionBox)
    return AnyDisposable { box.cancelled.store(true, ordering: .releasing) }
  }

  /// Runs `work` now when called on the main thread, otherwise from an idle source of the
  /// default main context (so it runs once the loop iterates).
  nonisolated static func run(_ work: @escaping () -> Void) {
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
