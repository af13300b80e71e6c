// Events about a widget's window rather than the pointer or keyboard: state (fullscreen,
// maximized…), configuration, focus, exposure and broken grabs, as Swift values.
import CGtk

/// A toplevel window's state changed (`window-state-event`): which flags changed and
/// the whole new state. A window manager that leaves fullscreen by itself (its own key)
/// arrives here as `changed` containing `.fullscreen` and `state` without it.
///
/// ```swift
/// window.rx.windowStateEvent
///   .map(\.arguments)
///   .filter { $0.changed.contains(.fullscreen) }
///   .subscribe(next: { event in viewModel.isFullscreen.value = event.isFullscreen })
/// ```
public struct WindowStateEvent: Sendable, Hashable {
  /// The flags that changed.
  public let changed: WindowState
  /// The window's state now.
  public let state: WindowState

  /// An event with `changed` flags and the new `state`.
  public init(changed: WindowState, state: WindowState) {
    self.changed = changed
    self.state = state
  }

  /// Whether the window is fullscreen now.
  public var isFullscreen: Bool { state.contains(.fullscreen) }
  /// Whether the window is maximized now.
  public var isMaximized: Bool { state.contains(.maximized) }
  /// Whether the window is minimized (iconified) now.
  public var isIconified: Bool { state.contains(.iconified) }

  /// Equal when both sets of flags are.
  public static func == (left: Self, right: Self) -> Bool {
    left.changed.rawValue == right.changed.rawValue && left.state.rawValue == right.state.rawValue
  }

  /// Hashes both sets of flags.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(changed.rawValue)
    hasher.combine(state.rawValue)
  }

  /// The event GTK passes to a signal.
  init(borrowing event: UnsafeMutableRawPointer) {
    let windowState = event.assumingMemoryBound(to: GdkEventWindowState.self).pointee
    changed = WindowState(rawValue: windowState.changed_mask.rawValue)
    state = WindowState(rawValue: windowState.new_window_state.rawValue)
  }
}

/// A window's size, position or stacking changed (`configure-event`).
public struct ConfigureEvent: Sendable, Hashable {
  /// The new position, relative to the parent window (the root for a toplevel).
  public let x: Int
  /// The new position, relative to the parent window.
  public let y: Int
  /// The new width.
  public let width: Int
  /// The new height.
  public let height: Int

  /// The event GTK passes to a signal.
  init(borrowing event: UnsafeMutableRawPointer) {
    let configure = event.assumingMemoryBound(to: GdkEventConfigure.self).pointee
    (x, y) = (Int(configure.x), Int(configure.y))
    (width, height) = (Int(configure.width), Int(configure.height))
  }
}

/// The keyboard focus came to or left a widget's window (`focus-in-event`,
/// `focus-out-event`).
public struct FocusEvent: Sendable, Hashable {
  /// Whether the focus came in (`false`: it went out).
  public let isIn: Bool

  /// The event GTK passes to a signal.
  init(borrowing event: UnsafeMutableRawPointer) {
    isIn = event.assumingMemoryBound(to: GdkEventFocus.self).pointee.in != 0
  }
}

/// Part of a window needs redrawing (`damage-event`).
public struct ExposeEvent: Sendable, Hashable {
  /// The bounding box of the area to redraw: x, y, width, height in window coordinates.
  public let area: (x: Int, y: Int, width: Int, height: Int)
  /// How many more such events follow at once (0: the last).
  public let count: Int

  /// Equal when the areas and counts are.
  public static func == (left: Self, right: Self) -> Bool {
    left.area == right.area && left.count == right.count
  }

  /// Hashes the area and count.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(area.x)
    hasher.combine(area.y)
    hasher.combine(area.width)
    hasher.combine(area.height)
    hasher.combine(count)
  }

  /// The event GTK passes to a signal.
  init(borrowing event: UnsafeMutableRawPointer) {
    let expose = event.assumingMemoryBound(to: GdkEventExpose.self).pointee
    area = (
      Int(expose.area.x), Int(expose.area.y), Int(expose.area.width), Int(expose.area.height)
    )
    count = Int(expose.count)
  }
}

/// A pointer or keyboard grab the widget held was broken (`grab-broken-event`): another
/// application grabbed, or the grab window became hidden.
public struct GrabBrokenEvent: Sendable, Hashable {
  /// Whether it was a keyboard grab (`false`: a pointer grab).
  public let isKeyboard: Bool
  /// Whether the grab was implicit (a button held) rather than asked for.
  public let isImplicit: Bool

  /// The event GTK passes to a signal.
  init(borrowing event: UnsafeMutableRawPointer) {
    let broken = event.assumingMemoryBound(to: GdkEventGrabBroken.self).pointee
    isKeyboard = broken.keyboard != 0
    isImplicit = broken.implicit != 0
  }
}

/// A tablet pen came near the tablet or left it (`proximity-in-event`,
/// `proximity-out-event`).
public struct ProximityEvent: Sendable, Hashable {
  /// The event's time, in milliseconds.
  public let time: UInt32

  /// The event GTK passes to a signal.
  init(borrowing event: UnsafeMutableRawPointer) {
    time = event.assumingMemoryBound(to: GdkEventProximity.self).pointee.time
  }
}
