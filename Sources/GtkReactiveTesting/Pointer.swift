// Pointer motion delivered as the X server would: to the window under a point, then up the widgets.
import CGtk
import GtkReactive
import XCTest

/// Moves the pointer to (`x`, `y`) in `widget`'s coordinates (its allocation's top-left
/// corner is 0, 0), as a mouse would, then runs the main loop until idle.
///
/// The motion event goes to `widget`'s own `GdkWindow` (for a widget without one, the
/// window it draws on, the point translated), and GTK dispatches it as it dispatches
/// the X server's: the widget's `motion-notify-event` handlers run first, then, unless
/// one stops it, its parents'. The real pointer does not move.
///
/// Fails the test when the widget is not realized (not in a shown window).
@MainActor
public func movePointer(
  to x: Double, _ y: Double, over widget: Widget,
  file: StaticString = #filePath, line: UInt = #line
) {
  guard let target = InputTarget(widget, file: file, line: line) else { return }
  let event = target.makeEvent(GDK_MOTION_NOTIFY)
  let point = target.windowPoint(x, y)
  event.pointee.motion.x = point.x
  event.pointee.motion.y = point.y
  event.pointee.motion.x_root = point.rootX
  event.pointee.motion.y_root = point.rootY
  event.pointee.motion.time = UInt32(GDK_CURRENT_TIME)
  target.deliver(event)
  runUntilIdle()
}

/// Clicks mouse `button` at (`x`, `y`) in `widget`'s coordinates, as a mouse would: a
/// press, the main loop run until idle, then a release, and the loop again. The events
/// go where `movePointer` sends motion, so the widget's `button-press-event` handlers
/// (and a class declared in Swift's `buttonPressed`) run first, then its parents'.
///
/// Fails the test when the widget is not realized (not in a shown window).
@MainActor
public func clickPointer(
  at x: Double, _ y: Double, over widget: Widget, button: UInt32 = 1,
  file: StaticString = #filePath, line: UInt = #line
) {
  guard let target = InputTarget(widget, file: file, line: line) else { return }
  let point = target.windowPoint(x, y)
  for type in [GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE] {
    let event = target.makeEvent(type)
    event.pointee.button.x = point.x
    event.pointee.button.y = point.y
    event.pointee.button.x_root = point.rootX
    event.pointee.button.y_root = point.rootY
    event.pointee.button.button = button
    event.pointee.button.time = UInt32(GDK_CURRENT_TIME)
    target.deliver(event)
    runUntilIdle()
  }
}

/// Where synthesized input for a widget goes: the `GdkWindow` it receives events on
/// and the pointer device of the display's default seat (the client pointer), as the
/// X server's events carry.
@MainActor
struct InputTarget {
  /// The widget's own window, or the one it draws on.
  let window: OpaquePointer
  /// The seat's pointer: a master device, as X events name.
  let device: OpaquePointer?
  /// Where the widget's allocation starts in `window` (0, 0 for a widget with a window
  /// of its own).
  let origin: (x: Double, y: Double)

  /// The target of input to `widget`; `nil`, after failing the test, when the widget is
  /// not realized (not in a shown window).
  init?(_ widget: Widget, file: StaticString, line: UInt) {
    let target = widget.pointer(as: GtkWidget.self)
    guard let window = gtk_widget_get_window(target), gtk_widget_get_realized(target) != 0
    else {
      XCTFail("the \(widget.gTypeName) is not realized", file: file, line: line)
      return nil
    }
    self.window = window
    device = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_window_get_display(window)))
    if gtk_widget_get_has_window(target) == 0 {
      var allocation = GtkAllocation()
      gtk_widget_get_allocation(target, &allocation)
      origin = (Double(allocation.x), Double(allocation.y))
    } else {
      origin = (0, 0)
    }
  }

  /// (`x`, `y`) in the widget's coordinates, in the window's and the screen's.
  func windowPoint(
    _ x: Double, _ y: Double
  ) -> (x: Double, y: Double, rootX: Double, rootY: Double) {
    let point = (x: x + origin.x, y: y + origin.y)
    var rootX: Int32 = 0
    var rootY: Int32 = 0
    gdk_window_get_root_coords(window, Int32(point.x), Int32(point.y), &rootX, &rootY)
    return (point.x, point.y, Double(rootX), Double(rootY))
  }

  /// A new event of `type` for the window, from the device (the time is each event
  /// type's own field: left at 0, `GDK_CURRENT_TIME`, unless the caller sets it).
  func makeEvent(_ type: GdkEventType) -> UnsafeMutablePointer<GdkEvent> {
    let event = gdk_event_new(type)!
    // gdk_event_free releases the window reference.
    event.pointee.any.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
    event.pointee.any.send_event = 1
    if let device {
      gdk_event_set_device(event, device)
      gdk_event_set_source_device(event, device)
    }
    return event
  }

  /// Dispatches `event` as GTK dispatches the X server's (capture, the widget's
  /// handlers, bubble), then frees it.
  func deliver(_ event: UnsafeMutablePointer<GdkEvent>) {
    gtk_main_do_event(event)
    gdk_event_free(event)
  }
}

/// Brings the pointer over `widget` at (`x`, `y`) in its coordinates from outside it in
/// one jump, as X reports a pointer warped or flicked into a window: an enter (crossing)
/// event and no motion. Then runs the main loop until idle.
///
/// Code that follows the pointer only through motion misses such an arrival until the
/// pointer moves again.
///
/// Fails the test when the widget is not realized (not in a shown window).
@MainActor
public func enterPointer(
  at x: Double, _ y: Double, over widget: Widget,
  file: StaticString = #filePath, line: UInt = #line
) {
  guard let target = InputTarget(widget, file: file, line: line) else { return }
  let event = target.makeEvent(GDK_ENTER_NOTIFY)
  let point = target.windowPoint(x, y)
  event.pointee.crossing.x = point.x
  event.pointee.crossing.y = point.y
  event.pointee.crossing.x_root = point.rootX
  event.pointee.crossing.y_root = point.rootY
  event.pointee.crossing.mode = GDK_CROSSING_NORMAL
  event.pointee.crossing.detail = GDK_NOTIFY_NONLINEAR
  event.pointee.crossing.time = UInt32(GDK_CURRENT_TIME)
  target.deliver(event)
  runUntilIdle()
}
