// A range widget's value (scales, scrollbars): not a GObject property, so written here.
import CGtk
import Reactive

extension Reactive where Base: Gtk.Range {
  /// The value: the current value, then every change (`value-changed`); a sink that sets
  /// it without echo.
  public var value: ControlProperty<Double> {
    controlProperty(
      event: GtkRangeKeys.shared.valueChangedSignal,
      get: { gtk_range_get_value($0.assumingMemoryBound(to: GtkRange.self)) },
      set: { gtk_range_set_value($0.assumingMemoryBound(to: GtkRange.self), $1) })
  }
}
