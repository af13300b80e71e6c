// Pointer motion over a widget or anything inside it, in the widget's own coordinates.
import CGtk
import Reactive

extension Reactive where Base: Widget {
  /// Where the pointer moves over the widget or any widget inside it (a button on an
  /// overlay, a drawing area), in this widget's coordinates (its allocation's top-left
  /// corner is 0, 0). `motion` gives the coordinates of whichever `GdkWindow` the event
  /// came from (a child's, for a container); this translates them up to the widget.
  ///
  /// Subscribing selects pointer motion on the widget (for a container, on the windows
  /// it owns), so motion over children that do not select it themselves arrives here
  /// too. Motion a child handler stops (returns `true` for) does not reach it. Other
  /// handlers still run.
  public var pointerMotion: Signal<(x: Double, y: Double), Never> {
    connect(WidgetKeys.shared.motionNotifyEventSignal) { instance, observer in
      .oneArgument { _, event in
        guard let event else { return false }
        let motion = event.assumingMemoryBound(to: GdkEventMotion.self).pointee
        let widget = instance.assumingMemoryBound(to: GtkWidget.self)
        if let point = pointInWidget(widget, window: motion.window, x: motion.x, y: motion.y) {
          observer.send(point)
        }
        return false
      }
    }
  }
}

/// (`x`, `y`) in `window` translated to `widget`'s allocation, or `nil` when `window`
/// is not the widget's window or one inside it.
nonisolated private func pointInWidget(
  _ widget: UnsafeMutablePointer<GtkWidget>, window: OpaquePointer?, x: Double, y: Double
) -> (x: Double, y: Double)? {
  guard let target = gtk_widget_get_window(widget) else { return nil }
  var current = window
  var point = (x: x, y: y)
  while let window = current, window != target {
    var parentX = 0.0
    var parentY = 0.0
    gdk_window_coords_to_parent(window, point.x, point.y, &parentX, &parentY)
    point = (parentX, parentY)
    current = gdk_window_get_parent(window)
  }
  guard current != nil else { return nil }
  if gtk_widget_get_has_window(widget) == 0 {
    var allocation = GtkAllocation()
    gtk_widget_get_allocation(widget, &allocation)
    point.x -= Double(allocation.x)
    point.y -= Double(allocation.y)
  }
  return point
}
