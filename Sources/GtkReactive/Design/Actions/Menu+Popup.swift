// Showing a GtkMenu: attached to a widget, at the pointer or at a widget.
import CGtk
import Reactive

extension Menu {
  /// Attaches the menu to `widget`: items made from a menu model find their actions
  /// (`win.…`, `app.…`) through `widget`'s window, the menu takes its style from the
  /// widget, and it is destroyed with the widget (GTK alone would keep it).
  ///
  /// A menu, unlike a GTK 3 popover, is a window of its own: it is never cut off by the
  /// window it opens over, and it scrolls when taller than the screen.
  public func attach(to widget: Widget) {
    gtk_menu_attach_to_widget(pointer(as: GtkMenu.self), widget.pointer(as: GtkWidget.self), nil)
    // Ends when the menu goes first (a newer context menu replaced it).
    _ = widget.rx.destroy.take(until: rx.destroy)
      .subscribe(next: { [self] in destroy() })
  }

  /// Shows the menu at the pointer, as a context menu: for the event being handled when
  /// called from its handler (a button press), else where the pointer is over the widget
  /// the menu is attached to (a menu opened from code). Does nothing when neither is
  /// known.
  public func popupAtPointer() {
    let trigger = Self.trigger(over: attachWidget)
    defer { if let trigger { gdk_event_free(trigger) } }
    guard trigger != nil else { return }
    gtk_menu_popup_at_pointer(pointer(as: GtkMenu.self), trigger)
  }

  /// Shows the menu at `widget`, its `menuAnchor` corner on the widget's
  /// `widgetAnchor` point (a context menu opened from the keyboard: the centre of the
  /// focused widget). GTK moves or flips it to stay on the monitor.
  public func popup(
    at widget: Widget, widgetAnchor: Gravity = .center, menuAnchor: Gravity = .northWest
  ) {
    let trigger = Self.trigger(over: widget)
    defer { if let trigger { gdk_event_free(trigger) } }
    gtk_menu_popup_at_widget(
      pointer(as: GtkMenu.self), widget.pointer(as: GtkWidget.self),
      GdkGravity(rawValue: widgetAnchor.rawValue), GdkGravity(rawValue: menuAnchor.rawValue),
      trigger)
  }

  /// The event being handled, or else a button press of the seat's pointer where it is
  /// over `widget`'s window: GTK grabs the pointer and keyboard for the menu with the
  /// event's device and time, and places a menu "at the pointer" at its position. The
  /// caller frees it.
  private static func trigger(over widget: Widget?) -> UnsafeMutablePointer<GdkEvent>? {
    if let current = gtk_get_current_event() { return current }
    guard let widget, let window = gtk_widget_get_window(widget.pointer(as: GtkWidget.self)),
      let seat = gdk_display_get_default_seat(gdk_window_get_display(window)),
      let device = gdk_seat_get_pointer(seat), let event = gdk_event_new(GDK_BUTTON_PRESS)
    else { return nil }
    var x = 0.0
    var y = 0.0
    _ = gdk_window_get_device_position_double(window, device, &x, &y, nil)
    // gdk_event_free releases the window reference.
    event.pointee.button.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
    event.pointee.button.send_event = 1
    event.pointee.button.time = UInt32(GDK_CURRENT_TIME)
    event.pointee.button.x = x
    event.pointee.button.y = y
    event.pointee.button.button = 3
    gdk_event_set_device(event, device)
    return event
  }
}
