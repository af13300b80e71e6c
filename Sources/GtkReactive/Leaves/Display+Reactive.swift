// Reactive extensions of labels, images, drawing areas, windows, header bars, stacks and
// applications.
import CGtk
import Reactive

extension Reactive where Base: Label {
  /// Sets the text.
  public var text: Binder<String> {
    Binder(base, raw: { gtk_label_set_text($0.as(GtkLabel.self), $1) })
  }

  /// Sets Pango markup as the text.
  public var markup: Binder<String> {
    Binder(base, raw: { gtk_label_set_markup($0.as(GtkLabel.self), $1) })
  }
}

extension Reactive where Base: Image {
  /// Sets the pixbuf shown (`nil` clears it).
  public var pixbuf: Binder<Pixbuf?> {
    Binder(base, raw: { gtk_image_set_from_pixbuf($0.as(GtkImage.self), $1?.pixbuf) })
  }
}

extension Reactive where Base: DrawingArea {
  /// `draw`: the cairo context (`cairo_t *`) to paint with, valid only while the
  /// subscriber runs.
  public var draw: Signal<OpaquePointer, Never> {
    controlEvent("draw") { _, observer in
      .oneArgument { cairo in
        if let cairo { observer.send(OpaquePointer(cairo)) }
        return false
      }
    }
  }
}

extension Reactive where Base: Window {
  /// Sets the title.
  public var title: Binder<String> {
    Binder(base, raw: { gtk_window_set_title($0.as(GtkWindow.self), $1) })
  }
}

extension Reactive where Base: HeaderBar {
  /// Sets the title.
  public var title: Binder<String> {
    Binder(base, raw: { gtk_header_bar_set_title($0.as(GtkHeaderBar.self), $1) })
  }

  /// Sets the subtitle.
  public var subtitle: Binder<String> {
    Binder(base, raw: { gtk_header_bar_set_subtitle($0.as(GtkHeaderBar.self), $1) })
  }
}

extension Reactive where Base: Stack {
  /// The name of the child shown: current, then changes; a sink without echo.
  public var visibleChildName: ControlProperty<String?> {
    controlProperty(
      event: "notify::visible-child-name",
      get: { gtk_stack_get_visible_child_name($0.as(GtkStack.self)).map { String(cString: $0) } },
      set: { if let name = $1 { gtk_stack_set_visible_child_name($0.as(GtkStack.self), name) } })
  }
}

extension Reactive where Base: Application {
  /// `activate`: the application started (or was launched again); build windows here.
  public var activate: Signal<Void, Never> { signal(named: "activate") }
}
