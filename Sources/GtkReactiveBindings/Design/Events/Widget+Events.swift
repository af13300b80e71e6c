// Event values without propagation control, and the cairo `draw` signal.
import CGtk
import Reactive

extension Reactive where Base: Widget {
  /// Every key press while the widget has focus, as a value; other handlers still run.
  /// To consume one event and not another, use `keyPressEvent` and `stop()` it.
  public var keyPress: Signal<KeyEvent, Never> { keyPressEvent.map(\.arguments) }

  /// Mouse button presses (double clicks arrive with `clickCount == 2`, after the single
  /// click); other handlers still run (`buttonPressEvent` to stop them).
  public var buttonPress: Signal<ButtonEvent, Never> { buttonPressEvent.map(\.arguments) }

  /// Mouse button releases; other handlers still run.
  public var buttonRelease: Signal<ButtonEvent, Never> { buttonReleaseEvent.map(\.arguments) }

  /// Pointer motion over the widget; other handlers still run.
  public var motion: Signal<MotionEvent, Never> { motionNotifyEvent.map(\.arguments) }

  /// Wheel and touchpad scrolling over the widget; other handlers still run
  /// (`scrollEvent` to stop them).
  public var scroll: Signal<ScrollEvent, Never> { scrollEvent.map(\.arguments) }

  /// `draw`: the raw cairo context (`cairo_t *`) to paint with, valid only while the
  /// subscriber runs, for painters that call cairo themselves. `drawSignal` gives it as a
  /// `CairoContext` and lets a subscriber stop the widget's own drawing.
  public var draw: Signal<OpaquePointer, Never> {
    connect(WidgetKeys.shared.drawSignal) { _, observer in
      .oneArgument { _, cairo in
        if let cairo { observer.send(OpaquePointer(cairo)) }
        return false
      }
    }
  }
}

extension Widget {
  /// Adds `mask` to the events the widget receives (`gtk_widget_add_events`), typed: a
  /// widget declared in Swift selects the input its event methods handle this way.
  public func addEvents(_ mask: EventMask) {
    gtk_widget_add_events(UnsafeMutablePointer<GtkWidget>(opaque), Int32(bitPattern: mask.rawValue))
  }
}
