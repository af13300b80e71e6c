// Checked casts between wrappers: what an object really is, beyond its static Swift type.
import CGtk

extension Object {
  /// Whether the object is an instance of `type`'s GObject type (a subclass, or an
  /// implementation of an interface): `window.focus?.isA(AnyEditable.self)` asks whether
  /// the focused widget edits text, whatever Swift type returned it.
  public func isA(_ type: Object.Type) -> Bool {
    cgtk_is_a(pointer, type.gType) != 0
  }

  /// The same object wrapped as `type`, or `nil` when it is not one: the checked cast
  /// that `as?` cannot do (a getter returns a `Widget` wrapper even for a `GtkEntry`).
  public func cast<T: Object>(to type: T.Type) -> T? {
    Object.wrap(pointer, as: type)
  }
}
