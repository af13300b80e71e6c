// The name assistive technologies announce for a widget: its ATK object's name.
import CGtk

extension Widget {
  /// The name a screen reader announces for the widget (the name of its `AtkObject`),
  /// which GUI tests can find it by too; GTK's default is derived from the widget (a
  /// button's label) or empty.
  ///
  /// ```swift
  /// zoomInButton.accessibleName = "Zoom in"
  /// ```
  ///
  /// ATK is outside the GIR files the generator reads, hence written here.
  public var accessibleName: String {
    get {
      guard let accessible = gtk_widget_get_accessible(pointer(as: GtkWidget.self)),
        let name = atk_object_get_name(accessible)
      else { return "" }
      return String(cString: name)
    }
    set {
      guard let accessible = gtk_widget_get_accessible(pointer(as: GtkWidget.self)) else { return }
      atk_object_set_name(accessible, newValue)
    }
  }
}
