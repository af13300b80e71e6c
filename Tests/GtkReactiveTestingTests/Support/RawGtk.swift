// The few raw GTK calls the tests need to set up a situation, and widgets made through
// `init(retaining:)`, which stays while GtkReactive's convenience constructors change.
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

/// A new label showing `text`.
@MainActor
func makeLabel(_ text: String) -> Label {
  Label(retaining: UnsafeMutableRawPointer(gtk_label_new(text)))
}

/// A new toplevel window titled `title`, of `width` × `height` when given.
@MainActor
func makeWindow(title: String = "", width: Int? = nil, height: Int? = nil) -> Window {
  let window = Window(retaining: UnsafeMutableRawPointer(gtk_window_new(GTK_WINDOW_TOPLEVEL)))
  gtk_window_set_title(window.pointer(as: GtkWindow.self), title)
  if let width, let height {
    gtk_window_set_default_size(window.pointer(as: GtkWindow.self), Int32(width), Int32(height))
  }
  return window
}
