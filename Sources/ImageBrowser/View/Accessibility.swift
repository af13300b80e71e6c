// Naming widgets for assistive technologies (AT-SPI) and GUI tests, and giving them tooltips.
import CGtk
import GtkReactive

extension Widget {
  /// Sets the name a screen reader announces (`atk_object_set_name` on the widget's
  /// accessible) and, when `tooltip` is given, the tooltip a pointer shows.
  func setAccessibleName(_ name: String, tooltip: String? = nil) {
    let raw = pointer(as: GtkWidget.self)
    if let accessible = gtk_widget_get_accessible(raw) {
      atk_object_set_name(accessible, name)
    }
    if let tooltip { gtk_widget_set_tooltip_text(raw, tooltip) }
  }

  /// The name set by `setAccessibleName(_:tooltip:)`, or GTK's default.
  var accessibleName: String {
    guard let accessible = gtk_widget_get_accessible(pointer(as: GtkWidget.self)),
      let name = atk_object_get_name(accessible)
    else { return "" }
    return String(cString: name)
  }
}
