// The GObject types behind `AccessibleItems`: a widget subclass per widget class, its
// accessible type, and the item type, registered at run time with C callbacks.
import CGtk

/// Registers and looks up the GTypes `AccessibleItems` needs:
///
/// - `GtkReactiveItems_<Widget>`: a subclass of a widget class whose only difference is
///   its accessible type (GTK makes a widget's `AtkObject` from its class);
/// - `GtkReactiveItemsAccessible_<Accessible>`: that accessible type, a subclass of the
///   class's own (`GtkWidgetAccessible` for a drawing area) that reports the items after
///   its own children and adds `manages-descendants` to its states;
/// - `GtkReactiveAccessibleItem`: an `AtkObject` per item, with `AtkComponent` (extents,
///   focus) and `AtkAction` ("activate").
///
/// Each callback finds its Swift object: a widget's `AccessibleItems` through qdata on the
/// widget, an item's owner and id through `records`.
enum AccessibleItemTypes {
  /// The widget subclasses made so far, by parent type.
  private static var widgetTypes: [GType: GType] = [:]
  /// The accessible subclasses made so far, by parent accessible type.
  private static var accessibleTypes: [GType: GType] = [:]
  /// Each live item object's owner and id, by address.
  private static var records: [UInt: (owner: Unowned, id: Int)] = [:]
  private static var itemTypeStorage: GType = 0
  /// The qdata key of a widget's `AccessibleItems`.
  private static let itemsKey = g_quark_from_string("gtkreactive-accessible-items")

  /// Keeps the owner without a reference: an owner removes its records before it goes.
  struct Unowned {
    unowned(unsafe) let items: AccessibleItems
  }

  // MARK: Widgets

  /// The subclass of `parent` whose accessible object has items.
  static func widgetType(deriving parent: GType) -> GType {
    if let type = widgetTypes[parent] { return type }
    let name = "GtkReactiveItems_" + String(cString: g_type_name(parent))
    let accessible = accessibleType(deriving: Self.accessibleType(ofWidgetType: parent))
    let type = register(
      name, deriving: parent, classInit: widgetClassInit,
      classData: UnsafeRawPointer(bitPattern: UInt(accessible)))
    widgetTypes[parent] = type
    return type
  }

  /// The subclass of the accessible type `parent` that reports items.
  static func accessibleType(deriving parent: GType) -> GType {
    if let type = accessibleTypes[parent] { return type }
    let name = "GtkReactiveItemsAccessible_" + String(cString: g_type_name(parent))
    let type = register(name, deriving: parent, classInit: accessibleClassInit)
    accessibleTypes[parent] = type
    return type
  }

  /// The accessible type GTK gives widgets of `type`. GTK 3 has no getter for it, so a
  /// throw-away instance is asked, once per widget class.
  private static func accessibleType(ofWidgetType type: GType) -> GType {
    let probe = g_object_new_with_properties(type, 0, nil, nil)!
    g_object_ref_sink(probe)
    let widget = UnsafeMutableRawPointer(probe).assumingMemoryBound(to: GtkWidget.self)
    let accessible = cgtk_object_type(gtk_widget_get_accessible(widget))
    gtk_widget_destroy(widget)
    g_object_unref(probe)
    return accessible
  }

  /// Gives `widget` its items, released when the widget is finalized.
  static func setItems(_ items: AccessibleItems, of widget: UnsafeMutablePointer<GtkWidget>) {
    g_object_set_qdata_full(
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), itemsKey,
      Unmanaged.passRetained(items).toOpaque(), releaseItems)
  }

  /// The items of the widget behind the accessible object `accessible`, if it has some.
  static func items(ofAccessible accessible: UnsafeMutablePointer<AtkObject>?) -> AccessibleItems? {
    guard let accessible,
      let widget = gtk_accessible_get_widget(
        UnsafeMutableRawPointer(accessible).assumingMemoryBound(to: GtkAccessible.self)),
      let data = g_object_get_qdata(
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), itemsKey)
    else { return nil }
    return Unmanaged<AccessibleItems>.fromOpaque(data).takeUnretainedValue()
  }

  // MARK: Items

  /// A new item object (a reference the caller owns) for item `id` of `owner`.
  static func newItemObject(owner: AccessibleItems, id: Int) -> UnsafeMutablePointer<AtkObject> {
    if itemTypeStorage == 0 {
      itemTypeStorage = register(
        "GtkReactiveAccessibleItem", deriving: atk_object_get_type(), classInit: itemClassInit)
      var component = GInterfaceInfo(
        interface_init: componentInit, interface_finalize: nil, interface_data: nil)
      g_type_add_interface_static(itemTypeStorage, atk_component_get_type(), &component)
      var action = GInterfaceInfo(
        interface_init: actionInit, interface_finalize: nil, interface_data: nil)
      g_type_add_interface_static(itemTypeStorage, atk_action_get_type(), &action)
    }
    let object = g_object_new_with_properties(itemTypeStorage, 0, nil, nil)!
    let child = UnsafeMutableRawPointer(object).assumingMemoryBound(to: AtkObject.self)
    records[UInt(bitPattern: child)] = (Unowned(items: owner), id)
    return child
  }

  /// Forgets `child`: an assistive technology still holding it finds it defunct.
  static func forget(_ child: UnsafeMutablePointer<AtkObject>) {
    records[UInt(bitPattern: child)] = nil
  }

  /// The owner and id of the item object `object`, while its owner keeps it.
  static func record(of object: UnsafeMutableRawPointer?) -> (items: AccessibleItems, id: Int)? {
    guard let object, let record = records[UInt(bitPattern: object)] else { return nil }
    return (record.owner.items, record.id)
  }

  // MARK: Registration

  private static func register(
    _ name: String, deriving parent: GType,
    classInit:
      @escaping @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) ->
      Void,
    classData: UnsafeRawPointer? = nil
  ) -> GType {
    var query = GTypeQuery()
    g_type_query(parent, &query)
    var info = GTypeInfo(
      class_size: guint16(query.class_size), base_init: nil, base_finalize: nil,
      class_init: classInit, class_finalize: nil, class_data: classData,
      instance_size: guint16(query.instance_size), n_preallocs: 0, instance_init: nil,
      value_table: nil)
    return g_type_register_static(parent, name, &info, GTypeFlags(rawValue: 0))
  }
}

// MARK: - Class and interface initializers

/// Runs `body` on the main actor, which GTK's callbacks are on (the thread that runs the
/// main loop); returns values `MainActor.assumeIsolated` would refuse as not `Sendable`
/// (C pointers).
/// GTK calls back with C pointers, which are not `Sendable`; they never leave the thread.
nonisolated private func onMain<Arguments, Result>(
  _ arguments: Arguments, _ body: @MainActor (Arguments) -> Result
) -> Result {
  withoutActuallyEscaping(body) { body in
    let call = Unchecked(value: (body, arguments))
    return MainActor.assumeIsolated { Unchecked(value: call.value.0(call.value.1)) }.value
  }
}

/// A value that stays on the thread it was made on, whatever its type says.
nonisolated private struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
}

/// The class of an instance, and the class it derives from (whose methods are chained to).
nonisolated private func parentClass(
  of instance: UnsafeMutableRawPointer
) -> UnsafeMutablePointer<AtkObjectClass> {
  let klass = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class
  return g_type_class_peek_parent(klass)!.assumingMemoryBound(to: AtkObjectClass.self)
}

nonisolated private let releaseItems: @convention(c) (UnsafeMutableRawPointer?) -> Void = {
  data in
  guard let data else { return }
  onMain(data) { data in
    let items = Unmanaged<AccessibleItems>.fromOpaque(data)
    items.takeUnretainedValue().detach()
    items.release()
  }
}

nonisolated private let widgetClassInit:
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    klass, data in
    // The class data is the accessible type (see `AccessibleItemTypes.widgetType`).
    guard let klass else { return }
    gtk_widget_class_set_accessible_type(
      klass.assumingMemoryBound(to: GtkWidgetClass.self), GType(UInt(bitPattern: data)))
  }

nonisolated private let accessibleClassInit:
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { klass, _ in
    guard let klass else { return }
    let atkClass = klass.assumingMemoryBound(to: AtkObjectClass.self)
    atkClass.pointee.get_n_children = accessibleChildCount
    atkClass.pointee.ref_child = accessibleRefChild
    atkClass.pointee.ref_state_set = accessibleStates
  }

nonisolated private let itemClassInit:
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { klass, _ in
    guard let klass else { return }
    let atkClass = klass.assumingMemoryBound(to: AtkObjectClass.self)
    atkClass.pointee.ref_state_set = itemStates
    atkClass.pointee.get_index_in_parent = itemIndex
  }

nonisolated private let componentInit:
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { iface, _ in
    guard let iface else { return }
    let component = iface.assumingMemoryBound(to: AtkComponentIface.self)
    component.pointee.get_extents = itemExtents
    component.pointee.grab_focus = itemGrabFocus
  }

nonisolated private let actionInit:
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { iface, _ in
    guard let iface else { return }
    let action = iface.assumingMemoryBound(to: AtkActionIface.self)
    action.pointee.get_n_actions = { _ in 1 }
    action.pointee.get_name = { _, index in index == 0 ? activateName : nil }
    action.pointee.do_action = itemActivate
  }

/// The name of an item's one action, for the life of the process.
nonisolated(unsafe) private let activateName: UnsafePointer<gchar>? = UnsafePointer(
  strdup("activate"))

// MARK: - The widget's accessible object

nonisolated private let accessibleChildCount:
  @convention(c) (UnsafeMutablePointer<AtkObject>?) -> gint = { accessible in
    guard let accessible else { return 0 }
    let own = parentClass(of: accessible).pointee.get_n_children?(accessible) ?? 0
    return onMain(accessible) { accessible in
      own + gint(AccessibleItemTypes.items(ofAccessible: accessible)?.count ?? 0)
    }
  }

nonisolated private let accessibleRefChild:
  @convention(c) (UnsafeMutablePointer<AtkObject>?, gint) -> UnsafeMutablePointer<AtkObject>? = {
    accessible, index in
    guard let accessible, index >= 0 else { return nil }
    let parent = parentClass(of: accessible).pointee
    let own = parent.get_n_children?(accessible) ?? 0
    if index < own { return parent.ref_child?(accessible, index) }
    return onMain(accessible) { accessible in
      AccessibleItemTypes.items(ofAccessible: accessible)?.refChild(at: Int(index - own))
    }
  }

nonisolated private let accessibleStates:
  @convention(c) (UnsafeMutablePointer<AtkObject>?) -> UnsafeMutablePointer<AtkStateSet>? = {
    accessible in
    guard let accessible else { return nil }
    let set = parentClass(of: accessible).pointee.ref_state_set?(accessible) ?? atk_state_set_new()
    atk_state_set_add_state(set, ATK_STATE_MANAGES_DESCENDANTS)
    return set
  }

// MARK: - Item objects

nonisolated private let itemStates:
  @convention(c) (UnsafeMutablePointer<AtkObject>?) -> UnsafeMutablePointer<AtkStateSet>? = {
    item in
    onMain(item) { item in
      guard let (items, id) = AccessibleItemTypes.record(of: item) else {
        let set = atk_state_set_new()
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT)
        return set
      }
      return items.states(of: id)
    }
  }

nonisolated private let itemIndex: @convention(c) (UnsafeMutablePointer<AtkObject>?) -> gint = {
  item in
  onMain(item) { item in
    guard let (items, id) = AccessibleItemTypes.record(of: item),
      let position = items.position(of: id), let parent = item?.pointee.accessible_parent
    else { return -1 }
    let own = atk_object_get_n_accessible_children(parent) - gint(items.items.count)
    return own + gint(position)
  }
}

nonisolated private let itemExtents:
  @convention(c) (
    OpaquePointer?, UnsafeMutablePointer<gint>?, UnsafeMutablePointer<gint>?,
    UnsafeMutablePointer<gint>?, UnsafeMutablePointer<gint>?, AtkCoordType
  ) -> Void = { component, x, y, width, height, coordinates in
    onMain((component, x, y, width, height)) { component, x, y, width, height in
      var frame: (x: Int, y: Int, width: Int, height: Int)?
      var origin: (x: gint, y: gint) = (0, 0)
      if let object = component.map({ UnsafeMutableRawPointer($0) }),
        let (items, id) = AccessibleItemTypes.record(of: object),
        let parent = object.assumingMemoryBound(to: AtkObject.self).pointee.accessible_parent
      {
        frame = items.frame(id)
        var size: (gint, gint) = (0, 0)
        atk_component_get_extents(
          OpaquePointer(parent), &origin.x, &origin.y, &size.0, &size.1, coordinates)
      }
      x?.pointee = frame.map { origin.x + gint($0.x) } ?? -1
      y?.pointee = frame.map { origin.y + gint($0.y) } ?? -1
      width?.pointee = frame.map { gint($0.width) } ?? 0
      height?.pointee = frame.map { gint($0.height) } ?? 0
    }
  }

nonisolated private let itemGrabFocus: @convention(c) (OpaquePointer?) -> gboolean = {
  component in
  onMain(component) { component in
    guard
      let (items, id) = AccessibleItemTypes.record(of: component.map(UnsafeMutableRawPointer.init))
    else { return 0 }
    return items.grabFocus(id) ? 1 : 0
  }
}

nonisolated private let itemActivate: @convention(c) (OpaquePointer?, gint) -> gboolean = {
  action, index in
  onMain(action) { action in
    guard index == 0,
      let (items, id) = AccessibleItemTypes.record(of: action.map(UnsafeMutableRawPointer.init))
    else { return 0 }
    items.activate(id)
    return 1
  }
}

// MARK: - Signals

/// ATK's signals that have no emitting function: emitted with `g_signal_emitv`.
enum AccessibleItemSignals {
  /// `children-changed::add` or `::remove` on `parent`.
  static func childrenChanged(
    _ parent: UnsafeMutablePointer<AtkObject>, _ detail: String, index: Int32,
    _ child: UnsafeMutablePointer<AtkObject>
  ) {
    emit(parent, "children-changed", detail: detail) { values in
      g_value_init(&values[1], cgtk_type_uint())
      g_value_set_uint(&values[1], guint(max(0, index)))
      g_value_init(&values[2], cgtk_type_pointer())
      g_value_set_pointer(&values[2], UnsafeMutableRawPointer(child))
    }
  }

  /// `active-descendant-changed` on `parent`: the keyboard is on `child` now.
  static func activeDescendantChanged(
    _ parent: UnsafeMutablePointer<AtkObject>, _ child: UnsafeMutablePointer<AtkObject>
  ) {
    emit(parent, "active-descendant-changed", detail: nil) { values in
      g_value_init(&values[1], cgtk_type_pointer())
      g_value_set_pointer(&values[1], UnsafeMutableRawPointer(child))
    }
  }

  private static func emit(
    _ instance: UnsafeMutablePointer<AtkObject>, _ name: String, detail: String?,
    arguments: (inout [GValue]) -> Void
  ) {
    let id = g_signal_lookup(name, atk_object_get_type())
    guard id != 0 else { return }
    var query = GSignalQuery()
    g_signal_query(id, &query)
    var values = [GValue](repeating: GValue(), count: Int(query.n_params) + 1)
    g_value_init(&values[0], atk_object_get_type())
    g_value_set_object(&values[0], UnsafeMutableRawPointer(instance))
    arguments(&values)
    g_signal_emitv(values, id, detail.map { g_quark_from_string($0) } ?? 0, nil)
    for index in values.indices where cgtk_value_type(&values[index]) != 0 {
      g_value_unset(&values[index])
    }
  }
}
