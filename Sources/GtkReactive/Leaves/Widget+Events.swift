// Keyboard and pointer events as signals of Swift values.
import CGtk
import Reactive

/// Modifier keys held during an event.
public struct ModifierFlags: OptionSet, Sendable, Hashable {
  /// The GDK modifier mask bits.
  public let rawValue: UInt32
  /// A set from GDK modifier mask bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Shift.
  public static let shift = ModifierFlags(rawValue: GDK_SHIFT_MASK.rawValue)
  /// Control.
  public static let control = ModifierFlags(rawValue: GDK_CONTROL_MASK.rawValue)
  /// Alt (Mod1).
  public static let alt = ModifierFlags(rawValue: GDK_MOD1_MASK.rawValue)
  /// Super (the Windows / Command key).
  public static let `super` = ModifierFlags(rawValue: GDK_SUPER_MASK.rawValue)

  /// Keeps only the four modifiers above (drops lock and mouse-button bits).
  init(state: guint) {
    self.init(
      rawValue: UInt32(state)
        & (GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue
          | GDK_MOD1_MASK.rawValue | GDK_SUPER_MASK.rawValue))
  }
}

/// A key press or release.
public struct KeyEvent: Sendable, Hashable {
  /// The GDK key value (`GDK_KEY_Right` = 0xff53).
  public let keyval: UInt32
  /// The key's name (`"Right"`, `"a"`, `"Page_Down"`).
  public let name: String
  /// The modifiers held.
  public let modifiers: ModifierFlags
  /// The hardware keycode.
  public let keycode: UInt16
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
  public let modifiers: ModifierFlags
}

/// A scroll step or smooth scroll.
public struct ScrollEvent: Sendable, Hashable {
  /// The direction of a discrete step.
  public enum Direction: Sendable, Hashable {
    /// Up (or a wheel away from the user).
    case up
    /// Down.
    case down
    /// Left.
    case left
    /// Right.
    case right
    /// A smooth (touchpad) scroll: see the deltas.
    case smooth
  }

  /// The direction.
  public let direction: Direction
  /// The horizontal amount of a smooth scroll (discrete steps: ±1 or 0).
  public let deltaX: Double
  /// The vertical amount of a smooth scroll (discrete steps: ±1 or 0).
  public let deltaY: Double
  /// The modifiers held (control-scroll zooms by convention).
  public let modifiers: ModifierFlags
}

extension KeyEvent {
  init(_ event: GdkEventKey) {
    keyval = event.keyval
    name = gdk_keyval_name(event.keyval).map { String(cString: $0) } ?? ""
    modifiers = ModifierFlags(state: event.state)
    keycode = event.hardware_keycode
  }
}

extension ButtonEvent {
  init(_ event: GdkEventButton) {
    button = event.button
    switch event.type {
    case GDK_2BUTTON_PRESS: clickCount = 2
    case GDK_3BUTTON_PRESS: clickCount = 3
    default: clickCount = 1
    }
    x = event.x
    y = event.y
    modifiers = ModifierFlags(state: event.state)
  }
}

extension ScrollEvent {
  init(_ event: GdkEventScroll) {
    switch event.direction {
    case GDK_SCROLL_UP: (direction, deltaX, deltaY) = (.up, 0, -1)
    case GDK_SCROLL_DOWN: (direction, deltaX, deltaY) = (.down, 0, 1)
    case GDK_SCROLL_LEFT: (direction, deltaX, deltaY) = (.left, -1, 0)
    case GDK_SCROLL_RIGHT: (direction, deltaX, deltaY) = (.right, 1, 0)
    default: (direction, deltaX, deltaY) = (.smooth, event.delta_x, event.delta_y)
    }
    modifiers = ModifierFlags(state: event.state)
  }
}

extension Reactive where Base: Widget {
  /// `key-press-event`: every key press while the widget has focus. Other handlers
  /// still run unless `handled`.
  public func keyPress(handled: Bool = false) -> Signal<KeyEvent, Never> {
    event("key-press-event", mask: GDK_KEY_PRESS_MASK, handled: handled) {
      KeyEvent($0.assumingMemoryBound(to: GdkEventKey.self).pointee)
    }
  }

  /// `key-press-event`, letting other handlers run.
  public var keyPress: Signal<KeyEvent, Never> { keyPress() }

  /// `button-press-event`: mouse button presses (double clicks arrive with
  /// `clickCount == 2`, after the single click).
  public var buttonPress: Signal<ButtonEvent, Never> {
    event("button-press-event", mask: GDK_BUTTON_PRESS_MASK, handled: false) {
      ButtonEvent($0.assumingMemoryBound(to: GdkEventButton.self).pointee)
    }
  }

  /// `scroll-event`: wheel and touchpad scrolling over the widget.
  public func scroll(handled: Bool = false) -> Signal<ScrollEvent, Never> {
    event(
      "scroll-event",
      mask: GdkEventMask(GDK_SCROLL_MASK.rawValue | GDK_SMOOTH_SCROLL_MASK.rawValue),
      handled: handled
    ) {
      ScrollEvent($0.assumingMemoryBound(to: GdkEventScroll.self).pointee)
    }
  }

  /// `scroll-event`, letting other handlers run.
  public var scroll: Signal<ScrollEvent, Never> { scroll() }

  private func event<Value>(
    _ signal: String, mask: GdkEventMask, handled: Bool,
    _ read: @escaping (UnsafeMutableRawPointer) -> Value
  ) -> Signal<Value, Never> {
    // The mask is enabled where the handler is connected: on the main thread, with the
    // widget held alive and known not to be destroyed (never through a raw pointer kept
    // from when the signal was made).
    controlEvent(signal) { instance, observer in
      gtk_widget_add_events(
        instance.assumingMemoryBound(to: GtkWidget.self), Int32(bitPattern: mask.rawValue))
      return .oneArgument { event in
        if let event { observer.send(read(event)) }
        return handled
      }
    }
  }
}
