// Dispatch's main queue drained inside GLib's main loop.
import CGtk

/// The fd Dispatch signals when its main queue has work (CoreFoundation's hook).
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
nonisolated private func dispatchMainQueueHandle() -> Int32

/// Drains Dispatch's main queue once (CoreFoundation's hook).
@_silgen_name("_dispatch_main_queue_callback_4CF")
nonisolated private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

/// The GLib watch on Dispatch's fd: resets it, drains the main queue, keeps watching.
///
/// On Linux the fd is an eventfd that the run loop must read, as CoreFoundation does
/// before draining: left unread after a main-queue timer (`asyncAfter`) woke it, it stays
/// readable, and this default-priority watch would run on every iteration and starve
/// idle sources (redraws, layout, scheduled work).
nonisolated private let drainDispatchMainQueue: GIOFunc = { _, _, _ in
  var wakeUps: UInt64 = 0
  _ = read(dispatchMainQueueHandle(), &wakeUps, MemoryLayout<UInt64>.size)  // non-blocking
  dispatchMainQueueCallback(nil)
  return 1
}

enum DispatchBridge {
  /// Watches Dispatch's main-queue fd from the default GLib context, so
  /// `DispatchQueue.main.async` and `Task { @MainActor in }` run while GTK's loop runs.
  static func install() {
    let channel = g_io_channel_unix_new(dispatchMainQueueHandle())
    g_io_add_watch(channel, G_IO_IN, drainDispatchMainQueue, nil)
    g_io_channel_unref(channel)  // the watch keeps its own reference
  }
}
