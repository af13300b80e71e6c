// Any GDK event, known by its type: what `delete-event`, `event` and `event-after` carry.
import CGtk

/// A GDK event of any kind, as signals that take every kind pass it (`delete-event`,
/// `destroy-event`, `event`, `event-after`). Only its type is read; signals with a
/// specific kind of event carry `KeyEvent`, `ButtonEvent` and the others instead.
///
/// ```swift
/// window.rx.deleteEvent.subscribe(next: { emission in   // the close button: hide instead
///   window.hide()
///   emission.stop()
/// })
/// ```
public struct AnyEvent: Sendable, Hashable {
  /// What kind of event it is (`.delete`, `.keyPress`…).
  public let type: EventType
}

extension AnyEvent {
  /// The event GTK passes to a signal.
  package init(borrowing event: UnsafeMutableRawPointer) {
    type = EventType(
      rawValue: event.assumingMemoryBound(to: GdkEventAny.self).pointee.type.rawValue)
  }
}
