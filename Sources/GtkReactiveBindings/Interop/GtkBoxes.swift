// The count of Swift objects GtkReactive hands to GLib, for leak checks.
import Reactive

/// Counts the Swift objects GtkReactive hands to GLib (handler connections, weak
/// references, scheduled actions, binding transforms), so tests can prove that a destroyed
/// window frees every one of them. They are Reactive's live objects handed to foreign
/// code (`LiveObjects.track(foreign: true)`): counted in the scope of the test that made
/// them, as every live object is, and also apart. Like it, counting exists only in debug
/// builds (`TRACE_RESOURCES`); release builds pay nothing and `count` is 0.
nonisolated package enum GtkBoxes {
  /// How many boxes made in the current scope (a test's own) are alive now.
  package static var count: Int { LiveObjects.foreignCount }

  /// Whether this build counts boxes (debug builds do).
  package static var isTracing: Bool {
    #if TRACE_RESOURCES
      return true
    #else
      return false
    #endif
  }

  /// Records a new box; keep the ticket in it and give it back to `untrack(_:)`.
  package nonisolated static func track() -> LiveObjectTicket {
    LiveObjects.track(foreign: true)
  }

  /// Records that GLib gave the box back (a handler connection disconnected), though the
  /// Swift object lives on (a disposed subscription its owner still keeps): it is no box
  /// any more, only a live object until `untrack(_:)`.
  package nonisolated static func handBack(_ ticket: inout LiveObjectTicket) {
    LiveObjects.endForeignHold(&ticket)
  }

  package nonisolated static func untrack(_ ticket: LiveObjectTicket) {
    LiveObjects.untrack(ticket)
  }
}
