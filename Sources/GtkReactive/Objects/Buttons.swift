// Buttons: Button, ToggleButton, CheckButton, Switch.
import CGtk

/// A `GtkButton`.
open class Button: Container {
  /// `GtkButton`'s GType.
  open override class var gType: GType { gtk_button_get_type() }

  var button: UnsafeMutablePointer<GtkButton> { pointer(as: GtkButton.self) }

  /// A new button with `label`.
  public convenience init(label: String) {
    self.init(retaining: gtk_button_new_with_label(label))
  }

  /// A new button showing a themed icon.
  public convenience init(iconName: String) {
    self.init(retaining: gtk_button_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
  }

  /// The label text.
  public var label: String {
    get { gtk_button_get_label(button).map { String(cString: $0) } ?? "" }
    set { gtk_button_set_label(button, newValue) }
  }

  /// Emits `clicked`, as a user's click would.
  public func click() { gtk_button_clicked(button) }
}

/// A `GtkToggleButton`: a button that stays pressed.
open class ToggleButton: Button {
  /// `GtkToggleButton`'s GType.
  open override class var gType: GType { gtk_toggle_button_get_type() }

  var toggleButton: UnsafeMutablePointer<GtkToggleButton> { pointer(as: GtkToggleButton.self) }

  /// A new toggle button with `label`.
  public convenience init(label: String) {
    self.init(retaining: gtk_toggle_button_new_with_label(label))
  }

  /// Whether it is pressed in.
  public var isActive: Bool {
    get { gtk_toggle_button_get_active(toggleButton) != 0 }
    set { gtk_toggle_button_set_active(toggleButton, newValue ? 1 : 0) }
  }
}

/// A `GtkCheckButton`: a check box with a label.
open class CheckButton: ToggleButton {
  /// `GtkCheckButton`'s GType.
  open override class var gType: GType { gtk_check_button_get_type() }

  /// A new check button with `label`.
  public convenience init(label: String) {
    self.init(retaining: gtk_check_button_new_with_label(label))
  }
}

/// A `GtkSwitch`: an on/off slider.
open class Switch: Widget {
  /// `GtkSwitch`'s GType.
  open override class var gType: GType { gtk_switch_get_type() }

  var switchWidget: UnsafeMutablePointer<GtkSwitch> { pointer(as: GtkSwitch.self) }

  /// A new switch, off.
  public convenience init() {
    self.init(retaining: gtk_switch_new())
  }

  /// Whether it is on.
  public var isActive: Bool {
    get { gtk_switch_get_active(switchWidget) != 0 }
    set { gtk_switch_set_active(switchWidget, newValue ? 1 : 0) }
  }
}
