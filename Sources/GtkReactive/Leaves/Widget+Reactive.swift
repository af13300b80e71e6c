// Reactive extensions of every widget: sensitivity, visibility.
import CGtk
import Reactive

extension Reactive where Base: Widget {
  /// Sets whether the widget reacts to input.
  public var isSensitive: Binder<Bool> {
    Binder(base, raw: { gtk_widget_set_sensitive(widget($0), $1 ? 1 : 0) })
  }

  /// Shows or hides the widget.
  public var isVisible: Binder<Bool> {
    Binder(base, raw: { gtk_widget_set_visible(widget($0), $1 ? 1 : 0) })
  }
}

/// The instance pointer of a live widget as `GtkWidget *`.
func widget(_ instance: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GtkWidget> {
  instance.assumingMemoryBound(to: GtkWidget.self)
}
