// Swift classes that are GObject classes of their own: the protocol a subclass adopts.
import CGtk

/// A Swift class that registers a GObject class of its own, so that C, GtkBuilder,
/// GBinding and `.rx` see it as they see GTK's classes: with its properties, its signals
/// and its overridden virtual methods.
///
/// ```swift
/// final class Gauge: DrawingArea, WidgetSubclass {
///   override class var gType: GType { registeredType }
///
///   /// The `level` property: C, GtkBuilder and bindings read and write it.
///   static let level = ObjectProperty(\Gauge.level, "level", range: 0...1)
///   static let properties: [PropertyDeclaration] = [level]
///   var level = 0.0 { didSet { notify(Self.level); queueDraw() } }
///
///   func draw(in context: CairoContext) -> Bool { … }
/// }
/// let gauge = Gauge()  // an instance of the GType `Gauge`
/// ```
///
/// The class declares no initializer of its own (its stored properties have default
/// values; set-up that needs the instance goes in `constructed()`): GObject, not Swift,
/// decides when an instance is made — `Gauge()`, `g_object_new`, or a UI file.
///
/// **One Swift object per instance.** However an instance is made, it has exactly one
/// Swift object, which every wrapper lookup returns (`cast(to:)`, getters, GtkBuilder).
/// It holds a toggle reference on the instance: while anyone else (a container, C code)
/// holds the instance, the instance keeps the Swift object alive; when only Swift holds
/// it, the instance is finalized with the Swift object. No cycle, no early release.
///
/// Use subclasses on the main thread, like every widget.
public protocol ObjectSubclass: Object {
  /// The GType's name, as C and UI files spell it (`<object class="Gauge">`). The default
  /// is the Swift type's name, with its module: `MyApp_Gauge`.
  static var typeName: String { get }

  /// The GObject properties the class adds: each an `ObjectProperty` (default: none).
  static var properties: [PropertyDeclaration] { get }

  /// The signals the class adds: each an `ObjectSignal` (default: none).
  static var signals: [SignalDeclaration] { get }

  /// Called once, when the instance is complete (GObject's `constructed`): after the
  /// parent's, for an instance made from Swift or C. The default does nothing.
  func constructed()

  /// Called when the instance is disposed (GObject's `dispose`; for a widget, when it is
  /// destroyed): release what references other objects. GObject may dispose an instance
  /// more than once. The parent class's dispose runs after it. The default does nothing.
  func dispose()
}

extension ObjectSubclass {
  /// The module-qualified Swift name: `MyApp_Gauge`.
  public static var typeName: String { SubclassRegistry.defaultName(for: Self.self) }
  /// No properties.
  public static var properties: [PropertyDeclaration] { [] }
  /// No signals.
  public static var signals: [SignalDeclaration] { [] }
  /// Nothing to do.
  public func constructed() {}
  /// Nothing to release.
  public func dispose() {}

  /// The class's GType, registered on first use: what `gType` returns.
  ///
  /// - Precondition: the class's declarations are valid (see `register()`).
  public static var registeredType: GType {
    do {
      return try register()
    } catch {
      preconditionFailure("GtkReactive: \(error)")
    }
  }

  /// Registers the class's GType now, if it is not yet registered, and returns it.
  ///
  /// Registration happens by itself at first use (`Gauge()`, `Gauge.gType`); call this
  /// before a UI file names the class, or to learn what is wrong with a declaration.
  /// - Throws: `SubclassError` when two properties or signals share a name, the GType
  ///   name is taken by another class, or a template does not parse or lacks a declared
  ///   child.
  @discardableResult
  public static func register() throws(SubclassError) -> GType {
    try SubclassRegistry.register(Self.self)
  }

  /// A new instance of the class: `g_object_new` of its GType, then `constructed()`.
  ///
  /// Classes whose parent has an `init()` of its own get the same behaviour from it.
  public init() {
    self.init(newInstanceOf: Self.gType)
  }

  /// Tells observers of `property` that its value changed (`g_object_notify`): call it
  /// from the stored property's `didSet`.
  public func notify<Owner, Value>(_ property: ObjectProperty<Owner, Value>) {
    precondition(self is Owner, "GtkReactive: \(Self.self) has no property '\(property.name)'")
    g_object_notify_by_pspec(pointer, property.installedSpec)
  }
}
