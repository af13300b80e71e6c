// What assistive technologies announce for a widget: its ATK object's name, role and
// description.
import CGtk
import Reactive

extension Widget {
  /// The name a screen reader announces for the widget (the name of its `AtkObject`),
  /// which GUI tests can find it by too; GTK's default is derived from the widget (a
  /// button's label) or empty.
  ///
  /// ```swift
  /// zoomInButton.accessibleName = "Zoom in"
  /// ```
  ///
  /// Setting it tells assistive technologies the name changed (ATK's `accessible-name`
  /// notification), so a screen reader announces a new name of the focused widget.
  /// ATK is outside the GIR files the generator reads, hence written here.
  public var accessibleName: String {
    get {
      guard let accessible = gtk_widget_get_accessible(pointer(as: GtkWidget.self)),
        let name = atk_object_get_name(accessible)
      else { return "" }
      return String(cString: name)
    }
    set {
      guard let accessible = gtk_widget_get_accessible(pointer(as: GtkWidget.self)),
        accessibleName != newValue
      else { return }
      atk_object_set_name(accessible, newValue)
    }
  }

  /// A longer description assistive technologies offer after the name (the
  /// `AtkObject`'s description); empty by default.
  public var accessibleDescription: String {
    get {
      guard let accessible = gtk_widget_get_accessible(pointer(as: GtkWidget.self)),
        let text = atk_object_get_description(accessible)
      else { return "" }
      return String(cString: text)
    }
    set {
      guard let accessible = gtk_widget_get_accessible(pointer(as: GtkWidget.self)),
        accessibleDescription != newValue
      else { return }
      atk_object_set_description(accessible, newValue)
    }
  }

  /// What kind of thing the widget is to a screen reader; GTK's default follows the
  /// widget's class (`.drawingArea` for a `DrawingArea`). Set it when a widget stands for
  /// something else, such as an image drawn on a drawing area.
  public var accessibleRole: AccessibleRole {
    get {
      guard let accessible = gtk_widget_get_accessible(pointer(as: GtkWidget.self)) else {
        return AccessibleRole(ATK_ROLE_UNKNOWN)
      }
      return AccessibleRole(atk_object_get_role(accessible))
    }
    set {
      guard let accessible = gtk_widget_get_accessible(pointer(as: GtkWidget.self)) else { return }
      atk_object_set_role(accessible, newValue.atk)
    }
  }
}

extension Reactive where Base: Widget {
  /// Sets the widget's accessible name (`Widget.accessibleName`) from each value: a
  /// screen reader hears the new name when the widget has the focus.
  public var accessibleName: Binder<String> {
    Binder(base) { widget, name in widget.accessibleName = name }
  }
}
