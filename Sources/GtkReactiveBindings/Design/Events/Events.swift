// Keyboard and pointer events as Swift values: what the generated event signals carry.
import CGtk
import Reactive

/// Modifier keys held during an event: the generated `ModifierType` (`[.control, .shift]`).
@available(*, deprecated, renamed: "ModifierType")
public typealias ModifierFlags = ModifierType

extension ModifierType {
  /// The modifiers of an event's `state`, keeping only Shift, Control, Alt and Super:
  /// lock and mouse-button bits dropped, so `modifiers == .control` holds with Num Lock
  /// on or a button down.
  init(eventState state: guint) {
    self.init(rawValue: UInt32(state) & ModifierType.keyModifiers.rawValue)
  }

  /// Shift, Control, Alt and Super: what event values keep.
  static var keyModifiers: ModifierType { [.shift, .control, .alt, .super] }
}

/// A key press or release.
public struct KeyEvent: Sendable, Hashable {
  /// The GDK key value (`GDK_KEY_Right` = 0xff53).
  public let keyval: UInt32
  /// The key's name (`"Right"`, `"a"`, `"Page_Down"`).
  public let name: String
  /// The modifiers held.
  public let modifiers: ModifierType
  /// The hardware keycode.
  public let keycode: UInt16
  /// The C event, for members that take one (`Window.propagateKeyEvent(_:)`).
  let copy: EventCopy

  /// Equal when key, name, modifiers and keycode are: the C events are not compared.
  public static func == (left: KeyEvent, right: KeyEvent) -> Bool {
    (left.keyval, left.name, left.modifiers, left.keycode)
      == (right.keyval, right.name, right.modifiers, right.keycode)
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(keyval)
    hasher.combine(name)
    hasher.combine(modifiers)
    hasher.combine(keycode)
  }
}

/// A mouse button press (`clickCount` 2 for a double click).
public struct ButtonEvent: Sendable, Hashable {
  /// The button (1 left, 2 middle, 3 right).
  public let button: UInt32
  /// 1 for a click, 2 for a double click, 3 for a triple click.
  public let clickCount: Int
  /// The position in the widget's coordinates.
  public let x: Double
  /// The position in the widget's coordinates.
  public let y: Double
  /// The modifiers held.
  public let modifiers: ModifierType
  /// The C event, for members that take one (through `AnyEvent(_:)`).
  let copy: EventCopy

  /// Equal when every field above is: the C events are not compared.
  public static func == (left: ButtonEvent, right: ButtonEvent) -> Bool {
    (left.button, left.clickCount, left.x, left.y, left.modifiers)
      == (right.button, right.clickCount, right.x, right.y, right.modifiers)
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(button)
    hasher.combine(clickCount)
    hasher.combine(x)
    hasher.combine(y)
    hasher.combine(modifiers)
  }
}

/// A scroll step or smooth scroll.
public struct ScrollEvent: Sendable, Hashable {
  /// The direction of a discrete step, or `.smooth` for a touchpad's scroll (GDK's own
  /// `ScrollDirection`).
  public typealias Direction = ScrollDirection

  /// The direction.
  public let direction: Direction
  /// The horizontal amount of a smooth scroll (discrete steps: ±1 or 0).
  public let deltaX: Double
  /// The vertical amount of a smooth scroll (discrete steps: ±1 or 0).
  public let deltaY: Double
  /// The modifiers held (control-scroll zooms by convention).
  public let modifiers: ModifierType
  /// The pointer's position in the widget's coordinates (zooming about the pointer).
  public var x: Double = 0
  /// The pointer's position in the widget's coordinates.
  public var y: Double = 0
}

extension KeyEvent {
  /// The C event for one call; `freeCPointer(_:)` leaves it to the value.
  package func makeCPointer() -> UnsafeMutablePointer<GdkEventKey> {
    UnsafeMutableRawPointer(copy.event).assumingMemoryBound(to: GdkEventKey.self)
  }

  /// Nothing to free: the value owns its copy.
  package static func freeCPointer(_ event: UnsafeMutablePointer<GdkEventKey>?) {}

  /// The key event GTK passes to a signal (copied: it is GTK's only during the emission).
  package init(borrowing event: UnsafeMutableRawPointer) {
    self.init(event.assumingMemoryBound(to: GdkEventKey.self).pointee, EventCopy(copying: event))
  }

  init(_ event: GdkEventKey, _ copy: EventCopy) {
    self.copy = copy
    keyval = event.keyval
    name = gdk_keyval_name(event.keyval).map { String(cString: $0) } ?? ""
    modifiers = ModifierType(eventState: event.state)
    keycode = event.hardware_keycode
  }
}

extension ButtonEvent {
  /// The button event GTK passes to a signal.
  package init(borrowing event: UnsafeMutableRawPointer) {
    self.init(
      event.assumingMemoryBound(to: GdkEventButton.self).pointee, EventCopy(copying: event))
  }

  init(_ event: GdkEventButton, _ copy: EventCopy) {
    self.copy = copy
    button = event.button
    switch event.type {
    case GDK_2BUTTON_PRESS: clickCount = 2
    case GDK_3BUTTON_PRESS: clickCount = 3
    default: clickCount = 1
    }
    x = event.x
    y = event.y
    modifiers = ModifierType(eventState: event.state)
  }
}

extension ScrollEvent {
  /// The scroll event GTK passes to a signal.
  package init(borrowing event: UnsafeMutableRawPointer) {
    self.init(event.assumingMemoryBound(to: GdkEventScroll.self).pointee)
  }

  init(_ event: GdkEventScroll) {
    switch event.direction {
    case GDK_SCROLL_UP: (direction, deltaX, deltaY) = (.up, 0, -1)
    case GDK_SCROLL_DOWN: (direction, deltaX, deltaY) = (.down, 0, 1)
    case GDK_SCROLL_LEFT: (direction, deltaX, deltaY) = (.left, -1, 0)
    case GDK_SCROLL_RIGHT: (direction, deltaX, deltaY) = (.right, 1, 0)
    default: (direction, deltaX, deltaY) = (.smooth, event.delta_x, event.delta_y)
    }
    modifiers = ModifierType(eventState: event.state)
    x = event.x
    y = event.y
  }
}

/// Pointer motion over a widget.
public struct MotionEvent: Sendable, Hashable {
  /// The position in the widget's coordinates.
  public let x: Double
  /// The position in the widget's coordinates.
  public let y: Double
  /// The modifiers held.
  public let modifiers: ModifierType
  /// The mouse buttons held (1 left, 2 middle, 3 right).
  public let buttons: Set<UInt32>

  /// The motion event GTK passes to a signal.
  package init(borrowing event: UnsafeMutableRawPointer) {
    let motion = event.assumingMemoryBound(to: GdkEventMotion.self).pointee
    x = motion.x
    y = motion.y
    modifiers = ModifierType(eventState: motion.state)
    var held: Set<UInt32> = []
    let masks = [GDK_BUTTON1_MASK, GDK_BUTTON2_MASK, GDK_BUTTON3_MASK]
    for (index, mask) in masks.enumerated() where motion.state & mask.rawValue != 0 {
      held.insert(UInt32(index + 1))
    }
    buttons = held
  }
}

/// The pointer entering or leaving a widget.
public struct CrossingEvent: Sendable, Hashable {
  /// The position in the widget's coordinates.
  public let x: Double
  /// The position in the widget's coordinates.
  public let y: Double
  /// The modifiers held.
  public let modifiers: ModifierType

  /// The crossing event GTK passes to a signal.
  package init(borrowing event: UnsafeMutableRawPointer) {
    let crossing = event.assumingMemoryBound(to: GdkEventCrossing.self).pointee
    x = crossing.x
    y = crossing.y
    modifiers = ModifierType(eventState: crossing.state)
  }
}
