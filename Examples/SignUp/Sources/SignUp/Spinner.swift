// GtkSpinner, which GtkReactive does not wrap: a local wrapper on `Widget` and `pointer`.
import CGtk
import GtkReactive
import Reactive

/// A `GtkSpinner`: a busy indicator, drawn only while it spins.
///
/// Shows how an app adds a widget GtkReactive lacks: subclass `Widget`, name the GType,
/// call GTK through `pointer`, and reach properties through the generic `rx` layer.
final class Spinner: Widget {
  /// `GtkSpinner`'s GType.
  override class var gType: GType { gtk_spinner_get_type() }

  /// A new spinner, still.
  convenience init() {
    self.init(retaining: gtk_spinner_new())
  }

  /// Whether it spins (GTK's `active` property).
  var isSpinning: Bool {
    get {
      var value = GValue()
      g_value_init(&value, cgtk_type_boolean())
      defer { g_value_unset(&value) }
      g_object_get_property(pointer, "active", &value)
      return g_value_get_boolean(&value) != 0
    }
    set {
      if newValue {
        gtk_spinner_start(pointer(as: GtkSpinner.self))
      } else {
        gtk_spinner_stop(pointer(as: GtkSpinner.self))
      }
    }
  }
}

extension Reactive where Base: Spinner {
  /// Starts or stops the spinner: a binder over the `active` property.
  var isSpinning: Binder<Bool> { binder("active", as: Bool.self) }
}
