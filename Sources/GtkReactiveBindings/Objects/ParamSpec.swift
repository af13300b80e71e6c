// A property's description (`GParamSpec`), found by name on a class: what the members
// that take one (child notification, style properties, parsing a builder value) need.
import CGtk

/// The description of a property (`GParamSpec`): its name, value type and the class that
/// declares it. Found on a class by the property's name — an object property, a
/// container's child property or a widget's style property.
///
/// ```swift
/// let position = ParamSpec.childProperty("position", of: Box.self)!
/// box.childNotifyByPspec(button, pspec: position)  // rx.childNotify sees "position"
/// ```
///
/// Ownership: the object holds a reference to GObject's description, dropped in `deinit`.
nonisolated public final class ParamSpec: Hashable, @unchecked Sendable {
  // @unchecked: a description never changes after its class registered it; GLib counts
  // its references atomically.
  /// The `GParamSpec` this object holds a reference to.
  package let pointer: UnsafeMutablePointer<GParamSpec>

  /// Adopts a reference C gives (`transfer full`).
  package init(taking pointer: UnsafeMutablePointer<GParamSpec>) {
    self.pointer = pointer
  }

  /// A new reference to a description C lends.
  package convenience init(borrowing pointer: UnsafeMutablePointer<GParamSpec>) {
    self.init(taking: g_param_spec_ref(pointer))
  }

  deinit { g_param_spec_unref(pointer) }

  /// The property's canonical name (`"text-handle-width"`).
  public var name: String { String(cString: g_param_spec_get_name(pointer)) }

  /// The GType of the property's values.
  public var valueType: GType { pointer.pointee.value_type }

  /// The GType of the class or interface that declares the property.
  public var ownerType: GType { pointer.pointee.owner_type }

  /// The object property `name` of `type` (or of a class it derives from); `nil` when it
  /// has none of that name.
  @MainActor public static func property(_ name: String, of type: Object.Type) -> ParamSpec? {
    withClass(type.gType) { found in
      g_object_class_find_property(found.assumingMemoryBound(to: GObjectClass.self), name)
    }
  }

  /// The child property `name` a container of class `type` gives its children
  /// (`"position"`, `"expand"`); `nil` when it has none of that name.
  @MainActor public static func childProperty(_ name: String, of type: Container.Type)
    -> ParamSpec?
  {
    withClass(type.gType) { found in
      gtk_container_class_find_child_property(
        found.assumingMemoryBound(to: GObjectClass.self), name)
    }
  }

  /// The style property `name` of widget class `type` (`"text-handle-width"`); `nil` when
  /// it has none of that name.
  @MainActor public static func styleProperty(_ name: String, of type: Widget.Type) -> ParamSpec? {
    withClass(type.gType) { found in
      gtk_widget_class_find_style_property(found.assumingMemoryBound(to: GtkWidgetClass.self), name)
    }
  }

  /// What `find` finds in the class structure of `type`, referenced while the class is.
  private static func withClass(
    _ type: GType, _ find: (UnsafeMutableRawPointer) -> UnsafeMutablePointer<GParamSpec>?
  ) -> ParamSpec? {
    guard let found = g_type_class_ref(type) else { return nil }
    defer { g_type_class_unref(found) }
    return find(found).map { ParamSpec(borrowing: $0) }
  }

  /// Whether both hold the same description.
  public static func == (lhs: ParamSpec, rhs: ParamSpec) -> Bool { lhs.pointer == rhs.pointer }

  /// Hashes the description's address.
  public func hash(into hasher: inout Hasher) { hasher.combine(pointer) }
}
