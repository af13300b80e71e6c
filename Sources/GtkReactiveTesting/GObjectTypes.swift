// GType checks on raw instances: the G_TYPE_CHECK_INSTANCE_TYPE and G_OBJECT_TYPE macros.
import CGtk
import GtkReactive

@MainActor
extension Object {
  /// Whether the instance is a `type` (a class it derives from or an interface it
  /// implements), as `G_TYPE_CHECK_INSTANCE_TYPE` checks.
  func isInstance(of type: GType) -> Bool {
    g_type_check_instance_is_a(pointer(as: GTypeInstance.self), type) != 0
  }

  /// The instance's own GType, as `G_OBJECT_TYPE` reads it.
  var instanceType: GType { pointer.pointee.g_type_instance.g_class.pointee.g_type }

  /// The GType name of the instance (`GtkButton`), for failure messages.
  var gTypeName: String { String(cString: g_type_name(instanceType)) }
}

/// Whether the widget at `pointer` is a `type`.
@MainActor
func isInstance(_ pointer: UnsafeMutablePointer<GtkWidget>, of type: GType) -> Bool {
  g_type_check_instance_is_a(
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GTypeInstance.self), type) != 0
}
