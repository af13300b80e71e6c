// GObject properties declared in Swift: a stored property of the subclass, seen by GObject.
import CGtk
import Reactive

/// A GObject property of a class declared in Swift: the common part of every
/// `ObjectProperty`, which the class lists in `properties`.
public class PropertyDeclaration {
  /// The property's name, as GObject spells it (`selected-folder`).
  public let name: String
  let nick: String?
  let blurb: String?
  /// The spec installed in the owner's class, and its id there (set at registration).
  var paramSpec: UnsafeMutablePointer<GParamSpec>?
  var id: guint = 0

  init(name: String, nick: String?, blurb: String?) {
    self.name = name
    self.nick = nick
    self.blurb = blurb
  }

  /// The Swift class that declares the property.
  var ownerClass: Object.Type { preconditionFailure("abstract") }
  /// A new param spec for the property (class initialization).
  func makeParamSpec() -> UnsafeMutablePointer<GParamSpec> { preconditionFailure("abstract") }
  /// Writes the property of `object` into `value` (initialized to the property's type).
  func read(_ object: Object, into value: UnsafeMutablePointer<GValue>) {
    preconditionFailure("abstract")
  }
  /// Sets the property of `object` from `value`.
  func write(_ object: Object, from value: UnsafePointer<GValue>) {
    preconditionFailure("abstract")
  }
}

/// A GObject property stored in a Swift property of `Owner`: `g_object_get`, GtkBuilder,
/// `GBinding`, `rx.property(_:)` and `notify::` see it like a property of GTK's own.
///
/// ```swift
/// final class FolderChart: DrawingArea, WidgetSubclass {
///   override class var gType: GType { registeredType }
///   static let selectedFolder = ObjectProperty(\FolderChart.selectedFolder, "selected-folder")
///   static let properties: [PropertyDeclaration] = [selectedFolder]
///   var selectedFolder = "" { didSet { notify(Self.selectedFolder) } }
/// }
/// chart.rx.property(FolderChart.selectedFolder).bind(to: label.rx.label)
/// ```
///
/// The Swift property is the storage: writes from C land in it through the key path, and
/// its `didSet` tells GObject (`notify(_:)`) about writes from Swift. A property declared
/// with a read-only key path is read-only for GObject too.
public final class ObjectProperty<Owner: ObjectSubclass, Value: GValueConvertible>:
  PropertyDeclaration
{
  private let keyPath: KeyPath<Owner, Value>
  private let defaultValue: Value?
  private let range: ClosedRange<Double>?
  private var cachedKey: PropertyKey<Value>?

  /// A read-write property `name` stored at `keyPath`.
  ///
  /// - Parameters:
  ///   - keyPath: the stored property that holds the value.
  ///   - name: GObject's name: lowercase words joined by `-`.
  ///   - nick: a short human-readable name (tools such as GtkInspector show it).
  ///   - blurb: a sentence on what the property is.
  ///   - defaultValue: the default GObject reports (the type's zero when `nil`); the
  ///     stored property's own initial value is what instances start with.
  ///   - range: for numeric properties, the values GObject accepts from C (unbounded
  ///     when `nil`).
  public init(
    _ keyPath: ReferenceWritableKeyPath<Owner, Value>, _ name: String, nick: String? = nil,
    blurb: String? = nil, default defaultValue: Value? = nil, range: ClosedRange<Double>? = nil
  ) {
    self.keyPath = keyPath
    self.defaultValue = defaultValue
    self.range = range
    super.init(name: name, nick: nick, blurb: blurb)
  }

  /// A read-only property `name`, read from `keyPath` (a computed or `let` property).
  public init(
    readOnly keyPath: KeyPath<Owner, Value>, _ name: String, nick: String? = nil,
    blurb: String? = nil
  ) {
    self.keyPath = keyPath
    self.defaultValue = nil
    self.range = nil
    super.init(name: name, nick: nick, blurb: blurb)
  }

  var isWritable: Bool { keyPath is ReferenceWritableKeyPath<Owner, Value> }

  override var ownerClass: Object.Type { Owner.self }

  /// The key the generic property machinery (`rx.property`, bindings) reads it through.
  var key: PropertyKey<Value> {
    if let cachedKey { return cachedKey }
    _ = Owner.gType  // installs the spec
    let key = PropertyKey<Value>(name: name, valueType: Value.valueType)
    cachedKey = key
    return key
  }

  /// The installed spec, registering `Owner` first when needed.
  var installedSpec: UnsafeMutablePointer<GParamSpec> {
    if paramSpec == nil { _ = Owner.gType }
    return paramSpec!
  }

  override func makeParamSpec() -> UnsafeMutablePointer<GParamSpec> {
    var flags = G_PARAM_READABLE.rawValue
    if isWritable { flags |= G_PARAM_WRITABLE.rawValue }
    return ParamSpecs.make(
      name: name, nick: nick, blurb: blurb, type: Value.valueType,
      flags: GParamFlags(rawValue: flags), range: range,
      writeDefault: defaultValue.map { value in { value.write(to: $0) } })
  }

  override func read(_ object: Object, into value: UnsafeMutablePointer<GValue>) {
    GValues.write(unsafeDowncast(object, to: Owner.self)[keyPath: keyPath], to: value)
  }

  override func write(_ object: Object, from value: UnsafePointer<GValue>) {
    guard let keyPath = keyPath as? ReferenceWritableKeyPath<Owner, Value>,
      let newValue = GValues.read(value, as: Value.self)
    else { return }
    unsafeDowncast(object, to: Owner.self)[keyPath: keyPath] = newValue
  }
}

extension Reactive where Base: ObjectSubclass {
  /// A property declared in Swift as a `ControlProperty`: the current value, then every
  /// change not made through its sink (`notify::`), like the generated properties.
  public func property<Owner, Value>(_ property: ObjectProperty<Owner, Value>)
    -> ControlProperty<Value>
  {
    precondition(base is Owner, "GtkReactive: \(Base.self) has no property '\(property.name)'")
    return self.property(property.key)
  }

  /// A property declared in Swift as a signal of its values: the current one, then each
  /// after a change.
  public func values<Owner, Value>(of property: ObjectProperty<Owner, Value>)
    -> Signal<Value, Never>
  {
    precondition(base is Owner, "GtkReactive: \(Base.self) has no property '\(property.name)'")
    return observe(property.key)
  }
}
