// The GTypes of classes declared in Swift: registration, and what their class holds.
import CGtk

/// What GObject's callbacks need to know of a class declared in Swift, found from its
/// GType (`g_type_get_qdata`) on whatever thread GObject calls them.
nonisolated final class SubclassInfo: @unchecked Sendable {
  // @unchecked: written once during registration on the main thread, read-only afterwards.
  let typeName: String
  let swiftClass: Object.Type
  let properties: [PropertyDeclaration]
  let signals: [SignalDeclaration]
  let objectMethods: ObjectMethods
  let widgetMethods: WidgetMethods?
  let template: TemplateDeclaration?
  /// The nearest ancestor not declared in Swift: the class whose virtual methods the
  /// trampolines chain up to (Swift's own `super` chains the levels declared in Swift).
  let nativeParent: GType
  var gType: GType = 0

  init(
    typeName: String, swiftClass: Object.Type, properties: [PropertyDeclaration],
    signals: [SignalDeclaration], objectMethods: ObjectMethods, widgetMethods: WidgetMethods?,
    template: TemplateDeclaration?, nativeParent: GType
  ) {
    self.typeName = typeName
    self.swiftClass = swiftClass
    self.properties = properties
    self.signals = signals
    self.objectMethods = objectMethods
    self.widgetMethods = widgetMethods
    self.template = template
    self.nativeParent = nativeParent
  }

  /// The class structure of `nativeParent` (referenced for good at registration).
  var nativeParentClass: UnsafeMutableRawPointer { g_type_class_peek(nativeParent)! }
}

/// The virtual methods of `GObject` a Swift class overrides, bound to its concrete type.
nonisolated struct ObjectMethods: @unchecked Sendable {
  // @unchecked: the closures only call the object's methods on the main thread.
  let constructed: (Object) -> Void
  let dispose: (Object) -> Void

  init<T: ObjectSubclass>(_ type: T.Type) {
    constructed = { object in
      MainActor.assumeIsolated { unsafeDowncast(object, to: T.self).constructed() }
    }
    dispose = { object in
      MainActor.assumeIsolated { unsafeDowncast(object, to: T.self).dispose() }
    }
  }
}

/// Registration of the classes declared in Swift.
enum SubclassRegistry {
  private static var types: [ObjectIdentifier: GType] = [:]

  /// The GType data key of a class's `SubclassInfo`.
  nonisolated static let infoKey = g_quark_from_string("gtkreactive-subclass-info")

  /// Whether `type` was registered by a Swift class.
  nonisolated static func isRegistered(_ type: GType) -> Bool {
    SubclassInstances.isActive && g_type_get_qdata(type, infoKey) != nil
  }

  /// The registration of `type` itself.
  nonisolated static func info(of type: GType) -> SubclassInfo? {
    SubclassTrampolines.info(of: type)
  }

  /// The registration of `type` or of its nearest ancestor declared in Swift.
  nonisolated static func nearestInfo(of type: GType) -> SubclassInfo? {
    var current = type
    while current != 0 {
      if let info = info(of: current) { return info }
      current = g_type_parent(current)
    }
    return nil
  }

  /// `MyApp_Gauge` for `MyApp.Gauge`: the module-qualified Swift name with every
  /// character GType names refuse replaced by `_`.
  static func defaultName(for type: Any.Type) -> String {
    // `_typeName` is what `String(reflecting:)` prints for a type, without its casts to
    // the printing protocols and its `Mirror` first (3.4 M instructions a class).
    let name = _typeName(type, qualified: true).map { character -> Character in
      character.isASCII
        && (character.isLetter || character.isNumber || character == "_"
          || character == "-" || character == "+")
        ? character : "_"
    }
    let text = String(name)
    return text.first?.isLetter == true ? text : "Swift_" + text
  }

  /// Registers `T`'s GType on first use and returns it.
  static func register<T: ObjectSubclass>(_ type: T.Type) throws(SubclassError) -> GType {
    if let registered = types[ObjectIdentifier(T.self)] { return registered }
    precondition(
      MainThread.isCurrent, "GtkReactive: register \(T.self) on the main thread")
    let typeName = T.typeName
    let parentClass: AnyClass? = _getSuperclass(T.self)
    guard let parent = parentClass as? Object.Type else {
      preconditionFailure("GtkReactive: \(T.self) must subclass a GtkReactive class")
    }
    let parentType = parent.gType
    func failure(_ reason: SubclassError.Reason) -> SubclassError {
      SubclassError(typeName: typeName, reason: reason)
    }
    guard g_type_from_name(typeName) == 0 else { throw failure(.typeNameTaken) }
    // A subclass of a class declared in Swift inherits its static lists: the ancestor's
    // members are the ancestor's registration's; any other class's are a mistake.
    var ancestors = Set<ObjectIdentifier>()
    var ancestor: AnyClass? = parentClass
    while let current = ancestor {
      ancestors.insert(ObjectIdentifier(current))
      ancestor = _getSuperclass(current)
    }
    func own<Member>(
      _ members: [Member], _ owner: (Member) -> Object.Type, _ name: (Member) -> String
    )
      throws(SubclassError) -> [Member]
    {
      var result: [Member] = []
      for member in members {
        let memberOwner = owner(member)
        if memberOwner == T.self {
          result.append(member)
        } else if !ancestors.contains(ObjectIdentifier(memberOwner)) {
          throw failure(.foreignMember(name: name(member), owner: "\(memberOwner)"))
        }
      }
      return result
    }
    let properties = try own(T.properties, \.ownerClass, \.name)
    let signals = try own(T.signals, \.ownerClass, \.name)
    try check(properties.map(\.name), signals.map(\.name), typeName: typeName)
    let template = try templateDeclaration(of: T.self, typeName: typeName)
    var native = parentType
    while info(of: native) != nil { native = g_type_parent(native) }
    g_type_class_ref(native)  // kept for good: trampolines chain up to it
    let info = SubclassInfo(
      typeName: typeName, swiftClass: T.self, properties: properties, signals: signals,
      objectMethods: ObjectMethods(T.self), widgetMethods: widgetMethods(of: T.self),
      template: template, nativeParent: native)
    SubclassInstances.activate()
    let gType = SubclassTrampolines.register(info, parent: parentType)
    info.gType = gType
    types[ObjectIdentifier(T.self)] = gType
    // Class initialization (properties, signals, virtual methods) runs now, so that a
    // UI file or `g_object_new` from C finds the class complete.
    g_type_class_ref(gType)
    return gType
  }

  /// Refuses names GObject refuses and names used twice.
  private static func check(_ properties: [String], _ signals: [String], typeName: String)
    throws(SubclassError)
  {
    for names in [properties, signals] {
      var seen = Set<String>()
      for name in names {
        guard g_param_spec_is_valid_name(name) != 0 else {
          throw SubclassError(typeName: typeName, reason: .invalidName(name))
        }
        guard seen.insert(name).inserted else {
          throw SubclassError(typeName: typeName, reason: .duplicateMember(name: name))
        }
      }
    }
  }

  /// The widget virtual methods of `T`, when it declares a widget.
  private static func widgetMethods<T: ObjectSubclass>(of type: T.Type) -> WidgetMethods? {
    guard let widget = type as? any WidgetSubclass.Type else { return nil }
    return WidgetMethods(widget)
  }

  /// The checked template of `T`, when it has one.
  private static func templateDeclaration<T: ObjectSubclass>(of type: T.Type, typeName: String)
    throws(SubclassError) -> TemplateDeclaration?
  {
    guard let templated = type as? any CompositeTemplate.Type else { return nil }
    return try TemplateDeclaration(templated, typeName: typeName)
  }
}
