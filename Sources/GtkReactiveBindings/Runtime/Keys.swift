// Signal and property keys: a member of a GObject class, looked up once per class.
import CGtk

/// A signal of a GObject class or interface (`GtkButton::clicked`), with its signal id
/// looked up on first use and kept: connecting by id skips parsing the name per connect.
///
/// Generated code holds one key per signal in a static constant; the dynamic API
/// (`rx.signal(named:)`) makes one per call after checking the name.
nonisolated package final class SignalKey: @unchecked Sendable {
  // @unchecked: `id` and `detail` are written once, on the main thread, before any use.
  /// The signal's name, with `::detail` when detailed (`notify::label`).
  package let name: String
  /// The GDK event mask a widget must select to receive the signal's events (0: none).
  package let eventMask: Int32
  private let owner: @convention(c) () -> GType
  private let isInterface: Bool
  private var id: guint = 0
  private var detail: GQuark = 0

  /// The signal `name` of the class whose GType `owner` returns.
  package init(_ name: String, owner: @convention(c) () -> GType, eventMask: Int32 = 0) {
    self.name = name
    self.owner = owner
    self.isInterface = false
    self.eventMask = eventMask
  }

  /// The signal `name` of the interface whose GType `interface` returns.
  package init(_ name: String, interface: @convention(c) () -> GType, eventMask: Int32 = 0) {
    self.name = name
    self.owner = interface
    self.isInterface = true
    self.eventMask = eventMask
  }

  /// A key already resolved (the dynamic API checked the name on an instance).
  package init(name: String, id: guint, detail: GQuark) {
    self.name = name
    self.owner = noOwner
    self.isInterface = false
    self.eventMask = 0
    self.id = id
    self.detail = detail
  }

  /// The signal id and detail quark, looked up on first use (main thread).
  ///
  /// The look-up is out of line, so that every later connection reads two fields inline.
  @inline(__always)
  package func resolve() -> (id: guint, detail: GQuark) {
    if id == 0 { lookUp() }
    return (id, detail)
  }

  @inline(never)
  private func lookUp() {
    var signal: guint = 0
    var quark: GQuark = 0
    let type = GTypes.referenced(owner(), isInterface: isInterface)
    guard g_signal_parse_name(name, type, &signal, &quark, 1) != 0 else {
      preconditionFailure(
        "GtkReactive: \(String(cString: g_type_name(type))) has no signal '\(name)'")
    }
    (id, detail) = (signal, quark)
  }
}

/// A GObject property of a class or interface, read and written as `Value` (a
/// `GValueConvertible` type), with its `notify::` signal resolved once.
///
/// The class itself does not require `GValueConvertible`, only its reading and writing
/// do: the runtime then makes each `PropertyKey<Value>` type from its name without
/// looking for `Value`'s conformance among all the process's conformance records (about
/// 250,000 instructions per type, paid by every generated key table at its first use).
nonisolated public final class PropertyKey<Value>: @unchecked Sendable {
  // @unchecked: resolved once on the main thread before any use; immutable afterwards.
  /// The property's name (`"label"`).
  public let name: String
  private let owner: @convention(c) () -> GType
  private let isInterface: Bool
  private var resolvedType: GType = 0
  private var notifyKey: SignalKey?

  /// The property `name` of the class whose GType `owner` returns.
  package init(_ name: String, owner: @convention(c) () -> GType) {
    self.name = name
    self.owner = owner
    self.isInterface = false
  }

  /// The property `name` of the interface whose GType `interface` returns.
  package init(_ name: String, interface: @convention(c) () -> GType) {
    self.name = name
    self.owner = interface
    self.isInterface = true
  }

  /// A property found on an instance by the dynamic API.
  package init(name: String, valueType: GType) {
    self.name = name
    self.owner = noOwner
    self.isInterface = false
    self.resolvedType = valueType
  }

  /// The property's value type (its param spec looked up once).
  package var valueType: GType {
    if resolvedType == 0 {
      let type = GTypes.referenced(owner(), isInterface: isInterface)
      let spec =
        isInterface
        ? g_object_interface_find_property(g_type_default_interface_peek(type), name)
        : g_object_class_find_property(
          g_type_class_peek(type).assumingMemoryBound(to: GObjectClass.self), name)
      guard let spec else {
        preconditionFailure(
          "GtkReactive: \(String(cString: g_type_name(type))) has no property '\(name)'")
      }
      resolvedType = cgtk_param_spec_value_type(spec)
    }
    return resolvedType
  }

  /// `notify::name`, resolved once.
  package var notify: SignalKey {
    if let notifyKey { return notifyKey }
    let key = SignalKey(
      name: "notify::\(name)", id: GTypes.notifySignal, detail: g_quark_from_string(name))
    notifyKey = key
    return key
  }
}

extension PropertyKey where Value: GValueConvertible {
  /// Reads the property of `object`.
  package func get(_ object: UnsafeMutableRawPointer) -> Value {
    guard let value = GValues.property(object, name, type: valueType, as: Value.self) else {
      preconditionFailure("GtkReactive: property '\(name)' cannot be read as \(Value.self)")
    }
    return value
  }

  /// Sets the property of `object`.
  package func set(_ object: UnsafeMutableRawPointer, _ value: Value) {
    GValues.setProperty(object, name, type: valueType, value)
  }
}

/// Class and interface lookups shared by the keys.
nonisolated package enum GTypes {
  /// `type`, with its class (or interface default vtable) referenced for good, so that
  /// its signals and properties can be looked up.
  package static func referenced(_ type: GType, isInterface: Bool) -> GType {
    if isInterface {
      if g_type_default_interface_peek(type) == nil { g_type_default_interface_ref(type) }
    } else if g_type_class_peek(type) == nil {
      g_type_class_ref(type)
    }
    return type
  }

  /// `GObject::notify`'s id.
  package static let notifySignal: guint = g_signal_lookup("notify", g_object_get_type())
}

/// A property key with its Swift type erased, for checks over the whole generated surface.
package protocol ErasedPropertyKey {
  /// The property's name.
  var name: String { get }
  /// The GType the Swift type is stored as.
  var swiftValueType: GType { get }
}

extension PropertyKey: ErasedPropertyKey where Value: GValueConvertible {
  package var swiftValueType: GType { Value.valueType }
}

/// The owner of keys made by the dynamic API, which resolve by instance instead.
nonisolated private let noOwner: @convention(c) () -> GType = { 0 }
