// The C event behind a Swift event value, so that it can be handed back to GTK.
import CGtk

/// An owned copy of a GDK event (`gdk_event_copy`), freed with the last event value that
/// holds it. A signal's event is GTK's only during the emission; the copy is what lets a
/// subscriber pass the event on later (`SearchBar.handleEvent(_:)`,
/// `Menu.popupAtPointer(_:)`, `IMContext.filterKeypress(_:)`).
///
/// The copy holds references to the event's `GdkWindow` and device: release event values
/// on the main thread, as other GTK objects.
nonisolated final class EventCopy: @unchecked Sendable {
  /// The copy, which C functions read (and never free).
  let event: UnsafeMutablePointer<GdkEvent>

  /// Copies an event GTK lends.
  init(copying event: UnsafeRawPointer) {
    self.event = gdk_event_copy(event.assumingMemoryBound(to: GdkEvent.self))!
  }

  /// Adopts an event GTK gives (`gdk_display_get_event`: a full transfer).
  init(taking event: UnsafeMutablePointer<GdkEvent>) {
    self.event = event
  }

  deinit { gdk_event_free(event) }
}
