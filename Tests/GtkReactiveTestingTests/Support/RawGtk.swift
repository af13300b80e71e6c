// The few raw GTK calls the tests need to set up a situation.
import CGtk
import GtkReactive

/// Selects the characters from `start` to `end` of an entry.
@MainActor
func gtkEditableSelect(_ entry: Entry, from start: Int, to end: Int) {
  gtk_editable_select_region(OpaquePointer(entry.pointer), Int32(start), Int32(end))
}

/// Makes an entry read-only, or editable again.
@MainActor
func gtkEditableSetEditable(_ entry: Entry, _ editable: Bool) {
  gtk_editable_set_editable(OpaquePointer(entry.pointer), editable ? 1 : 0)
}

/// The widget's parent, if it has one.
@MainActor
func gtkParent(of widget: Widget) -> UnsafeMutablePointer<GtkWidget>? {
  gtk_widget_get_parent(widget.pointer(as: GtkWidget.self))
}
