// Value inputs: Entry, SearchEntry, SpinButton, Scale, Adjustment, ComboBoxText.
import CGtk

/// A `GtkEntry`: one line of editable text.
open class Entry: Widget {
  /// `GtkEntry`'s GType.
  open override class var gType: GType { gtk_entry_get_type() }

  var entry: UnsafeMutablePointer<GtkEntry> { pointer(as: GtkEntry.self) }

  /// A new, empty entry.
  public convenience init(placeholder: String = "") {
    self.init(retaining: gtk_entry_new())
    if !placeholder.isEmpty { gtk_entry_set_placeholder_text(entry, placeholder) }
  }

  /// The text.
  public var text: String {
    get { String(cString: gtk_entry_get_text(entry)) }
    set { gtk_entry_set_text(entry, newValue) }
  }

  /// Whether the text is shown (false for passwords).
  public var isTextVisible: Bool {
    get { gtk_entry_get_visibility(entry) != 0 }
    set { gtk_entry_set_visibility(entry, newValue ? 1 : 0) }
  }

  /// Appends `text` as typing at the end would (the user-change path in tests).
  public func type(_ text: String) {
    var position = Int32(gtk_entry_get_text_length(entry))
    gtk_editable_insert_text(opaque, text, -1, &position)
    gtk_editable_set_position(opaque, position)
  }
}

/// A `GtkSearchEntry`: an entry styled for searching, with a delayed `search-changed`.
open class SearchEntry: Entry {
  /// `GtkSearchEntry`'s GType.
  open override class var gType: GType { gtk_search_entry_get_type() }

  /// A new search entry.
  public convenience init() {
    self.init(retaining: gtk_search_entry_new())
  }
}

/// A `GtkAdjustment`: a bounded value shared by scales, spin buttons and scrollbars.
open class Adjustment: Object {
  /// `GtkAdjustment`'s GType.
  open override class var gType: GType { gtk_adjustment_get_type() }

  var adjustment: UnsafeMutablePointer<GtkAdjustment> { pointer(as: GtkAdjustment.self) }

  /// A new adjustment from `lower` to `upper`.
  public convenience init(
    value: Double = 0, lower: Double = 0, upper: Double = 100, step: Double = 1,
    page: Double = 10, pageSize: Double = 0
  ) {
    self.init(retaining: gtk_adjustment_new(value, lower, upper, step, page, pageSize))
  }

  /// The value, clamped to the bounds when set.
  public var value: Double {
    get { gtk_adjustment_get_value(adjustment) }
    set { gtk_adjustment_set_value(adjustment, newValue) }
  }

  /// The lower bound.
  public var lower: Double { gtk_adjustment_get_lower(adjustment) }
  /// The upper bound.
  public var upper: Double { gtk_adjustment_get_upper(adjustment) }
}

/// A `GtkSpinButton`: a number entry with up/down buttons.
open class SpinButton: Entry {
  /// `GtkSpinButton`'s GType.
  open override class var gType: GType { gtk_spin_button_get_type() }

  var spinButton: UnsafeMutablePointer<GtkSpinButton> { pointer(as: GtkSpinButton.self) }

  /// A new spin button from `min` to `max` in steps of `step`.
  public convenience init(min: Double, max: Double, step: Double) {
    self.init(retaining: gtk_spin_button_new_with_range(min, max, step))
  }

  /// The value.
  public var value: Double {
    get { gtk_spin_button_get_value(spinButton) }
    set { gtk_spin_button_set_value(spinButton, newValue) }
  }

  /// The adjustment holding the value.
  public var adjustment: Adjustment {
    Adjustment(retaining: gtk_spin_button_get_adjustment(spinButton))
  }
}

/// A `GtkScale`: a slider.
open class Scale: Widget {
  /// `GtkScale`'s GType.
  open override class var gType: GType { gtk_scale_get_type() }

  var range: UnsafeMutablePointer<GtkRange> { pointer(as: GtkRange.self) }

  /// A new slider from `min` to `max` in steps of `step`.
  public convenience init(_ orientation: Orientation, min: Double, max: Double, step: Double) {
    self.init(retaining: gtk_scale_new_with_range(orientation.gtk, min, max, step))
  }

  /// The value.
  public var value: Double {
    get { gtk_range_get_value(range) }
    set { gtk_range_set_value(range, newValue) }
  }

  /// The adjustment holding the value.
  public var adjustment: Adjustment { Adjustment(retaining: gtk_range_get_adjustment(range)) }
}

/// A `GtkComboBoxText`: a drop-down list of strings.
open class ComboBoxText: Widget {
  /// `GtkComboBoxText`'s GType.
  open override class var gType: GType { gtk_combo_box_text_get_type() }

  var comboBoxText: UnsafeMutablePointer<GtkComboBoxText> { pointer(as: GtkComboBoxText.self) }
  var comboBox: UnsafeMutablePointer<GtkComboBox> { pointer(as: GtkComboBox.self) }

  /// A new combo box holding `items`.
  public convenience init(items: [String] = []) {
    self.init(retaining: gtk_combo_box_text_new())
    items.forEach(append)
  }

  /// Appends an item.
  public func append(_ text: String) { gtk_combo_box_text_append_text(comboBoxText, text) }

  /// Removes every item.
  public func removeAll() { gtk_combo_box_text_remove_all(comboBoxText) }

  /// The index of the chosen item, or `nil`.
  public var selectedIndex: Int? {
    get {
      let index = gtk_combo_box_get_active(comboBox)
      return index < 0 ? nil : Int(index)
    }
    set { gtk_combo_box_set_active(comboBox, Int32(newValue ?? -1)) }
  }

  /// The text of the chosen item, or `nil`.
  public var selectedText: String? {
    guard let text = gtk_combo_box_text_get_active_text(comboBoxText) else { return nil }
    defer { g_free(text) }
    return String(cString: text)
  }
}
