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
  let target = widget.pointer(as: GtkWidget.self)
  guard let window = gtk_widget_get_window(target), gtk_widget_get_realized(target) != 0 else {
    return XCTFail("the \(widget.gTypeName) is not realized", file: file, line: line)
  }
  var point = (x: x, y: y)
  if gtk_widget_get_has_window(target) == 0 {
    var allocation = GtkAllocation()
    gtk_widget_get_allocation(target, &allocation)
    point.x += Double(allocation.x)
    point.y += Double(allocation.y)
  }
  let event = gdk_event_new(GDK_MOTION_NOTIFY)!
  // gdk_event_free releases the window reference.
  event.pointee.motion.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
  event.pointee.motion.send_event = 1
  event.pointee.motion.x = point.x
  event.pointee.motion.y = point.y
  var rootX: Int32 = 0
  var rootY: Int32 = 0
  gdk_window_get_root_coords(window, Int32(point.x), Int32(point.y), &rootX, &rootY)
  event.pointee.motion.x_root = Double(rootX)
  event.pointee.motion.y_root = Double(rootY)
  event.pointee.motion.time = UInt32(GDK_CURRENT_TIME)
  if let pointer = gdk_seat_get_pointer(
    gdk_display_get_default_seat(gdk_window_get_display(window)))
  {
    gdk_event_set_device(event, pointer)
  }
  gtk_main_do_event(event)
  gdk_event_free(event)
  runUntilIdle()
}
