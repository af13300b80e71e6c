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

  /// The C event, for the generated members that take one (`Widget.event(_:)`).
  let copy: EventCopy

  /// The same event as a key event's, to hand to members that take any event
  /// (`SearchBar.handleEvent(_:)` in a window's `keyPressEvent`).
  public init(_ key: KeyEvent) {
    copy = key.copy
    type = EventType(rawValue: copy.event.pointee.type.rawValue)
  }

  /// The same event as a button event's (`Menu.popupAtPointer(_:)` from a
  /// `buttonPressEvent`).
  public init(_ button: ButtonEvent) {
    copy = button.copy
    type = EventType(rawValue: copy.event.pointee.type.rawValue)
  }

  /// Equal when of the same type: the C event each carries is not compared.
  public static func == (left: AnyEvent, right: AnyEvent) -> Bool { left.type == right.type }

  /// Hashes the type, as `==` compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(type) }
}

extension AnyEvent {
  /// The event GTK passes to a signal (copied: it is GTK's only during the emission).
  package init(borrowing event: UnsafeMutableRawPointer) {
    self.init(copy: EventCopy(copying: event))
  }

  /// An event GTK lends read-only (`gtk_gesture_get_last_event`), copied.
  package init(borrowing event: UnsafePointer<GdkEvent>) {
    self.init(copy: EventCopy(copying: event))
  }

  /// An event GTK gives (`gdk_display_get_event`).
  package init(taking event: UnsafeMutablePointer<GdkEvent>) {
    self.init(copy: EventCopy(taking: event))
  }

  private init(copy: EventCopy) {
    self.copy = copy
    type = EventType(rawValue: copy.event.pointee.type.rawValue)
  }

  /// The C event for one call; `freeCPointer(_:)` leaves it to the value.
  package func makeCPointer() -> UnsafeMutablePointer<GdkEvent> { copy.event }

  /// Nothing to free: the value owns its copy.
  package static func freeCPointer(_ event: UnsafeMutablePointer<GdkEvent>?) {}
}
