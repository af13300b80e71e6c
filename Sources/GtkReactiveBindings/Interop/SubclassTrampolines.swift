// GObject's callbacks into classes declared in Swift: type registration, class and
// instance initialization, properties, and GObject's own virtual methods.
import CGtk

/// Registers classes declared in Swift with GObject, and the C functions GObject calls.
nonisolated enum SubclassTrampolines {
  /// Registers `info`'s class as a subclass of `parent` (`g_type_register_static`), with
  /// the parent's class and instance sizes: the Swift object holds the state, not the
  /// instance structure.
  static func register(_ info: SubclassInfo, parent: GType) -> GType {
    var query = GTypeQuery()
    g_type_query(parent, &query)
    precondition(
      query.type != 0, "GtkReactive: \(info.typeName)'s parent type cannot be subclassed")
    let data = Unmanaged.passRetained(info).toOpaque()  // the class lives for good
    var typeInfo = GTypeInfo(
      class_size: guint16(query.class_size), base_init: nil, base_finalize: nil,
      class_init: classInit, class_finalize: nil, class_data: data,
      instance_size: guint16(query.instance_size), n_preallocs: 0,
      instance_init: instanceInit, value_table: nil)
    let type = g_type_register_static(parent, info.typeName, &typeInfo, GTypeFlags(0))
    g_type_set_qdata(type, SubclassRegistry.infoKey, data)
    return type
  }

  /// The registration kept on `type` by `register`, if a Swift class registered it.
  static func info(of type: GType) -> SubclassInfo? {
    g_type_get_qdata(type, SubclassRegistry.infoKey).map {
      Unmanaged<SubclassInfo>.fromOpaque($0).takeUnretainedValue()
    }
  }
}

/// The class of a class declared in Swift: GObject's methods, properties, signals, and
/// the widget's methods and template.
nonisolated private let classInit: GClassInitFunc = { classPointer, data in
  // GObject initializes a class on the thread that first uses it: registration, on the
  // main thread.
  nonisolated(unsafe) let classPointer = classPointer!
  nonisolated(unsafe) let data = data!
  MainActor.assumeIsolated { initializeClass(classPointer, data) }
}

@MainActor
private func initializeClass(
  _ classPointer: UnsafeMutableRawPointer, _ data: UnsafeMutableRawPointer
) {
  let info = Unmanaged<SubclassInfo>.fromOpaque(data).takeUnretainedValue()
  let objectClass = classPointer.assumingMemoryBound(to: GObjectClass.self)
  objectClass.pointee.set_property = setProperty
  objectClass.pointee.get_property = getProperty
  objectClass.pointee.constructed = constructed
  objectClass.pointee.dispose = dispose
  let type = cgtk_type_from_class(classPointer)
  for (index, property) in info.properties.enumerated() {
    let spec = property.makeParamSpec()
    property.paramSpec = spec
    property.id = guint(index + 1)
    g_object_class_install_property(objectClass, property.id, spec)
  }
  for signal in info.signals {
    var types = signal.parameterTypes
    var accumulator: GSignalAccumulator?
    if signal.returnType == cgtk_type_boolean() {
      accumulator = g_signal_accumulator_true_handled
    } else if signal.returnType != cgtk_type_none() {
      accumulator = g_signal_accumulator_first_wins
    }
    signal.id = g_signal_newv(
      signal.name, type, G_SIGNAL_RUN_LAST, nil, accumulator, nil, nil, signal.returnType,
      guint(types.count), &types)
  }
  if let methods = info.widgetMethods {
    WidgetTrampolines.install(methods, in: classPointer)
  }
  if let template = info.template {
    TemplateTrampolines.install(template, in: classPointer)
  }
}

/// An instance of a class declared in Swift: its Swift object when C made it, and its
/// template's children.
nonisolated private let instanceInit: GInstanceInitFunc = { instance, finalClass in
  let raw = UnsafeMutableRawPointer(instance!)
  let level = cgtk_type_from_instance(raw)
  SubclassInstances.instanceInitialized(
    raw, level: level, finalType: cgtk_type_from_class(finalClass))
  if let info = SubclassRegistry.info(of: level), info.template != nil {
    TemplateTrampolines.initialize(raw)
  }
}

/// The nearest class not declared in Swift above `object`'s, as a `GObjectClass`.
nonisolated private func nativeParent(of object: UnsafeMutablePointer<GObject>)
  -> UnsafeMutablePointer<
    GObjectClass
  >?
{
  SubclassRegistry.nearestInfo(of: cgtk_object_type(object))?.nativeParentClass
    .assumingMemoryBound(to: GObjectClass.self)
}

nonisolated private let setProperty:
  @convention(c) (
    UnsafeMutablePointer<GObject>?, guint, UnsafePointer<GValue>?, UnsafeMutablePointer<GParamSpec>?
  ) -> Void = { object, id, value, spec in
    guard let object, let value, let spec,
      let info = SubclassRegistry.info(of: spec.pointee.owner_type),
      id >= 1, Int(id) <= info.properties.count,
      let swift = SubclassInstances.canonical(of: object)
    else { return }
    nonisolated(unsafe) let source = value
    MainActor.assumeIsolated { info.properties[Int(id) - 1].write(swift, from: source) }
  }

nonisolated private let getProperty:
  @convention(c) (
    UnsafeMutablePointer<GObject>?, guint, UnsafeMutablePointer<GValue>?,
    UnsafeMutablePointer<GParamSpec>?
  ) -> Void = { object, id, value, spec in
    guard let object, let value, let spec,
      let info = SubclassRegistry.info(of: spec.pointee.owner_type),
      id >= 1, Int(id) <= info.properties.count,
      let swift = SubclassInstances.canonical(of: object)
    else { return }
    nonisolated(unsafe) let target = value
    MainActor.assumeIsolated { info.properties[Int(id) - 1].read(swift, into: target) }
  }

/// The parent's `constructed`, then the Swift object's (an instance Swift is making has
/// none yet: `attach` calls it once the object is there).
nonisolated private let constructed: @convention(c) (UnsafeMutablePointer<GObject>?) -> Void = {
  object in
  guard let object else { return }
  nativeParent(of: object)?.pointee.constructed?(object)
  if let swift = SubclassInstances.canonical(of: object),
    let info = SubclassRegistry.nearestInfo(of: cgtk_object_type(object))
  {
    info.objectMethods.constructed(swift)
  }
}

/// The Swift object's `dispose`, then the parent's.
nonisolated private let dispose: @convention(c) (UnsafeMutablePointer<GObject>?) -> Void = {
  object in
  guard let object else { return }
  if let swift = SubclassInstances.canonical(of: object),
    let info = SubclassRegistry.nearestInfo(of: cgtk_object_type(object))
  {
    info.objectMethods.dispose(swift)
  }
  nativeParent(of: object)?.pointee.dispose?(object)
}
