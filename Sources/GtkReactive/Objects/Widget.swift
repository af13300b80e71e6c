// Widget and Container: the base classes of everything GTK draws.
import CGtk

/// A `GtkWidget`.
open class Widget: Object {
  /// `GtkWidget`'s GType.
  open override class var gType: GType { gtk_widget_get_type() }

  var widget: UnsafeMutablePointer<GtkWidget> { pointer(as: GtkWidget.self) }

  /// Shows the widget.
  public func show() { gtk_widget_show(widget) }
  /// Shows the widget and all its children.
  public func showAll() { gtk_widget_show_all(widget) }
  /// Hides the widget.
  public func hide() { gtk_widget_hide(widget) }
  /// Destroys the widget: it leaves its parent, disconnects every handler and completes
  /// every reactive signal of it. The wrapper still holds its (now inert) object.
  public func destroy() { gtk_widget_destroy(widget) }

  /// Whether the widget reacts to input.
  public var isSensitive: Bool {
    get { gtk_widget_get_sensitive(widget) != 0 }
    set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
  }

  /// Whether the widget is shown.
  public var isVisible: Bool {
    get { gtk_widget_get_visible(widget) != 0 }
    set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
  }

  /// The widget's name, for CSS and tests.
  public var name: String {
    get { String(cString: gtk_widget_get_name(widget)) }
    set { gtk_widget_set_name(widget, newValue) }
  }

  /// Requests a minimum size; -1 leaves a dimension natural.
  public func setSizeRequest(width: Int, height: Int) {
    gtk_widget_set_size_request(widget, Int32(width), Int32(height))
  }

  /// Moves keyboard focus to the widget.
  public func grabFocus() { gtk_widget_grab_focus(widget) }

  /// Adds a CSS style class (`"suggested-action"`, `"error"`).
  public func addStyleClass(_ name: String) {
    gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
  }

  /// Removes a CSS style class.
  public func removeStyleClass(_ name: String) {
    gtk_style_context_remove_class(gtk_widget_get_style_context(widget), name)
  }
}

/// A `GtkContainer`: a widget with children.
open class Container: Widget {
  /// `GtkContainer`'s GType.
  open override class var gType: GType { gtk_container_get_type() }

  var container: UnsafeMutablePointer<GtkContainer> { pointer(as: GtkContainer.self) }

  /// Adds a child (the container takes its own reference).
  public func add(_ child: Widget) { gtk_container_add(container, child.widget) }
  /// Removes a child.
  public func remove(_ child: Widget) { gtk_container_remove(container, child.widget) }

  /// The direct children.
  public var children: [Widget] {
    let list = gtk_container_get_children(container)
    defer { g_list_free(list) }
    var result: [Widget] = []
    var node = list
    while let current = node {
      if let child = Object.wrap(current.pointee.data, as: Widget.self) { result.append(child) }
      node = current.pointee.next
    }
    return result
  }

  /// The border around the children, in pixels.
  public var borderWidth: Int {
    get { Int(gtk_container_get_border_width(container)) }
    set { gtk_container_set_border_width(container, guint(newValue)) }
  }
}
