// Closures run from GLib main-loop sources: idle, invoke and timeout.
import CGtk
import Reactive
import Synchronization

/// A closure handed to GLib as source data: an idle or one-shot source runs it once, a
/// repeating timeout until cancelled.
nonisolated final class ActionBox: @unchecked Sendable {
  // @unchecked: the action runs on the main thread only; `cancelled` is atomic.
  let action: () -> Void
  let cancelled = Atomic<Bool>(false)

  private let liveObject = GtkBoxes.track()

  init(_ action: @escaping () -> Void) {
    self.action = action
    // Publishes `action` to the main thread, whose `runActionOnce` reads `cancelled`
    // (acquiring) first. GLib's own locking already orders the two, but GLib is not
    // built for ThreadSanitizer, which needs the pair it can see.
    cancelled.store(false, ordering: .releasing)
  }

  deinit { GtkBoxes.untrack(liveObject) }
}

/// An idle / invoke callback: runs the action once unless cancelled.
nonisolated let runActionOnce: GSourceFunc = { data in
  let box = Unmanaged<ActionBox>.fromOpaque(data!).takeUnretainedValue()
  if !box.cancelled.load(ordering: .acquiring) { box.action() }
  return cgtk_source_remove()
}

/// A repeating timer's callback: runs the action and keeps the source until cancelled.
nonisolated private let runActionRepeating: GSourceFunc = { data in
  let box = Unmanaged<ActionBox>.fromOpaque(data!).takeUnretainedValue()
  if box.cancelled.load(ordering: .acquiring) { return cgtk_source_remove() }
  box.action()
  return cgtk_source_continue()
}

/// The source's destroy notify: releases the box exactly once.
nonisolated let releaseActionBox: GDestroyNotify = { data in
  Unmanaged<ActionBox>.fromOpaque(data!).release()
}

/// GLib source plumbing for `MainLoopScheduler`.
nonisolated enum MainLoopSources {
  /// Runs `box` on the main thread: at once when called there
  /// (`g_main_context_invoke_full`), otherwise from an idle source. Not
  /// `g_main_context_invoke_full` alone: from another thread, while the loop is not
  /// running, it acquires the context and runs the action on the calling thread.
  nonisolated static func invoke(_ box: ActionBox) {
    if MainThread.isCurrent {
      g_main_context_invoke_full(
        nil, G_PRIORITY_DEFAULT, runActionOnce, Unmanaged.passRetained(box).toOpaque(),
        releaseActionBox)
    } else {
      g_idle_add_full(
        G_PRIORITY_DEFAULT, runActionOnce, Unmanaged.passRetained(box).toOpaque(),
        releaseActionBox)
    }
  }

  /// Attaches an idle source at `G_PRIORITY_DEFAULT_IDLE` that runs `box` once; returns
  /// the source, which the caller unrefs.
  nonisolated static func idle(_ box: ActionBox) -> UnsafeMutablePointer<GSource> {
    let source = g_idle_source_new()!
    g_source_set_callback(
      source, runActionOnce, Unmanaged.passRetained(box).toOpaque(), releaseActionBox)
    g_source_attach(source, nil)  // the default main context
    return source
  }

  /// Attaches a timeout source that runs `box` after `milliseconds` (once, or every
  /// `milliseconds` when `repeats`); returns the source, which the caller unrefs.
  nonisolated static func timeout(
    _ box: ActionBox, milliseconds: UInt32, repeats: Bool
  ) -> UnsafeMutablePointer<GSource> {
    let source = g_timeout_source_new(milliseconds)!
    g_source_set_callback(
      source, repeats ? runActionRepeating : runActionOnce,
      Unmanaged.passRetained(box).toOpaque(), releaseActionBox)
    g_source_attach(source, nil)  // the default main context
    return source
  }
}
