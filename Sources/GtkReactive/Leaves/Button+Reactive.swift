// Reactive extensions of buttons, toggle buttons, check buttons and switches.
import CGtk
import Reactive

extension Reactive where Base: Button {
  /// `clicked`: one `Void` per click.
  public var clicked: Signal<Void, Never> { signal(named: "clicked") }

  /// Sets the label text.
  public var label: Binder<String> {
    Binder(base, raw: { gtk_button_set_label($0.as(GtkButton.self), $1) })
  }
}

extension Reactive where Base: ToggleButton {
  /// `toggled`: one `Void` per change of state.
  public var toggled: Signal<Void, Never> { signal(named: "toggled") }

  /// Whether it is pressed in: the current state, then user changes; a sink that sets it
  /// without echo.
  public var isActive: ControlProperty<Bool> {
    controlProperty(
      event: "toggled",
      get: { gtk_toggle_button_get_active($0.as(GtkToggleButton.self)) != 0 },
      set: { gtk_toggle_button_set_active($0.as(GtkToggleButton.self), $1 ? 1 : 0) })
  }
}

extension Reactive where Base: Switch {
  /// Whether it is on: the current state, then user changes; a sink without echo.
  public var isActive: ControlProperty<Bool> {
    controlProperty(
      event: "notify::active",
      get: { gtk_switch_get_active($0.as(GtkSwitch.self)) != 0 },
      set: { gtk_switch_set_active($0.as(GtkSwitch.self), $1 ? 1 : 0) })
  }
}

extension UnsafeMutableRawPointer {
  /// A live instance pointer as a pointer to the C struct `type`.
  func `as`<T>(_ type: T.Type) -> UnsafeMutablePointer<T> { assumingMemoryBound(to: T.self) }
}
