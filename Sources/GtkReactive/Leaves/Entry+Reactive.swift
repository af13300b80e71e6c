// Reactive extensions of entries, search entries, spin buttons, scales, adjustments and
// combo boxes.
import CGtk
import Reactive

extension Reactive where Base: Entry {
  /// The text: the current text, then every user edit; a sink that sets it without echo.
  public var text: ControlProperty<String> {
    controlProperty(
      event: "changed",
      get: { String(cString: gtk_entry_get_text($0.as(GtkEntry.self))) },
      set: { gtk_entry_set_text($0.as(GtkEntry.self), $1) })
  }

  /// `activate`: Enter was pressed.
  public var activate: Signal<Void, Never> { signal(named: "activate") }

  /// Sets the placeholder text.
  public var placeholder: Binder<String> {
    Binder(base, raw: { gtk_entry_set_placeholder_text($0.as(GtkEntry.self), $1) })
  }
}

extension Reactive where Base: SearchEntry {
  /// `search-changed`: the text changed and the user paused typing (GTK's own delay).
  public var searchChanged: Signal<String, Never> {
    controlEvent("search-changed") { instance, observer in
      .noArguments {
        observer.send(String(cString: gtk_entry_get_text(instance.as(GtkEntry.self))))
        return false
      }
    }
  }
}

extension Reactive where Base: SpinButton {
  /// The value: current, then user changes; a sink without echo.
  public var value: ControlProperty<Double> {
    controlProperty(
      event: "value-changed",
      get: { gtk_spin_button_get_value($0.as(GtkSpinButton.self)) },
      set: { gtk_spin_button_set_value($0.as(GtkSpinButton.self), $1) })
  }
}

extension Reactive where Base: Scale {
  /// The value: current, then user changes; a sink without echo.
  public var value: ControlProperty<Double> {
    controlProperty(
      event: "value-changed",
      get: { gtk_range_get_value($0.as(GtkRange.self)) },
      set: { gtk_range_set_value($0.as(GtkRange.self), $1) })
  }
}

extension Reactive where Base: Adjustment {
  /// The value: current, then changes; a sink without echo.
  public var value: ControlProperty<Double> {
    controlProperty(
      event: "value-changed",
      get: { gtk_adjustment_get_value($0.as(GtkAdjustment.self)) },
      set: { gtk_adjustment_set_value($0.as(GtkAdjustment.self), $1) })
  }

  /// `changed`: the bounds, step or page size changed.
  public var changed: Signal<Void, Never> { signal(named: "changed") }
}

extension Reactive where Base: ComboBoxText {
  /// The index of the chosen item (`nil` for none): current, then user changes; a sink
  /// without echo.
  public var selectedIndex: ControlProperty<Int?> {
    controlProperty(
      event: "changed",
      get: {
        let index = gtk_combo_box_get_active($0.as(GtkComboBox.self))
        return index < 0 ? nil : Int(index)
      },
      set: { gtk_combo_box_set_active($0.as(GtkComboBox.self), Int32($1 ?? -1)) })
  }
}
