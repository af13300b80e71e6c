// The base wrapper: one strong reference to a GObject, released in deinit.
import CGtk

/// A Swift owner of one reference to a GObject.
///
/// `init(retaining:)` claims a floating reference (a fresh widget) or adds a reference
/// (`g_object_ref_sink`); deinit drops it. Wrapping the same GObject twice is safe: each
/// wrapper owns its own reference. Anything GtkReactive does not wrap stays reachable
/// through `pointer`.
///
/// Create and use wrappers on the main thread (the one that called `gtk_init`); a wrapper
/// released on another thread drops its reference from the main loop.
open class Object {
  /// The wrapped instance, for raw C calls.
  public let pointer: UnsafeMutablePointer<GObject>

  /// The same address as a Sendable integer: deinit is nonisolated and may not read
  /// `pointer`.
  private let address: UInt

  /// Whether this is the one Swift object of an instance of a Swift-registered class
  /// (`ObjectSubclass`): it then holds a toggle reference instead of a plain one.
  private let isCanonical: Bool

  /// The GType this class wraps; subclasses override it, and initializers check it.
  open class var gType: GType { g_object_get_type() }

  /// Wraps `pointer`, taking a new reference, or claiming it if it is floating.
  ///
  /// Use this for pointers GTK lends you (`transfer none`) and for new widgets.
  /// - Precondition: on the main thread; `pointer` is an instance of `Self.gType`.
  public required init(retaining pointer: UnsafeMutableRawPointer) {
    Self.checkCreation(pointer)
    self.pointer = pointer.assumingMemoryBound(to: GObject.self)
    address = UInt(bitPattern: pointer)
    isCanonical = SubclassInstances.isAttaching(pointer)
    DisposalMarker.watch(pointer)
    if isCanonical {
      SubclassInstances.attach(self, createdBySwift: false)
    } else {
      g_object_ref_sink(pointer)
    }
  }

  /// Wraps `pointer` and adopts the reference the caller owns (`transfer full`), such as
  /// the result of `gdk_pixbuf_new_from_file` or `gtk_list_store_newv`.
  /// - Precondition: on the main thread; `pointer` is an instance of `Self.gType`.
  public required init(takingOwnership pointer: UnsafeMutableRawPointer) {
    Self.checkCreation(pointer)
    self.pointer = pointer.assumingMemoryBound(to: GObject.self)
    address = UInt(bitPattern: pointer)
    isCanonical = false
    DisposalMarker.watch(pointer)
    if g_object_is_floating(pointer) != 0 { g_object_ref_sink(pointer) }
  }

  /// A new instance of `type` (`g_object_new`), owned by this wrapper: how a subclass
  /// declared in Swift is constructed (the generated `init()` of every class calls it for
  /// its subclasses).
  ///
  /// When `type` is a class registered by an `ObjectSubclass`, this object becomes the
  /// instance's one Swift object: C, GtkBuilder and every wrapper of the instance find it,
  /// and it lives as long as anyone, in C or Swift, holds the instance. `constructed()`
  /// runs once the object is attached.
  /// - Precondition: on the main thread; `type` can be instantiated.
  public required init(newInstanceOf type: GType) {
    precondition(
      MainThread.isCurrent,
      "GtkReactive: \(Self.self) must be created on the main thread (the thread that "
        + "called gtk_init and runs the GTK main loop)")
    let isSubclass = SubclassRegistry.isRegistered(type)
    if !isSubclass, Self.self is any ObjectSubclass.Type {
      preconditionFailure(
        "GtkReactive: \(Self.self) adopts ObjectSubclass but its gType is "
          + "\(String(cString: g_type_name(type))); add "
          + "`override class var gType: GType { registeredType }` to the class")
    }
    let saved = isSubclass ? SubclassInstances.beginSwiftConstruction() : nil
    let instance = UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil)!)
    if let saved { SubclassInstances.endSwiftConstruction(saved) }
    self.pointer = instance.assumingMemoryBound(to: GObject.self)
    address = UInt(bitPattern: instance)
    isCanonical = isSubclass
    DisposalMarker.watch(instance)
    if isSubclass {
      SubclassInstances.attach(self, createdBySwift: true)
    } else {
      g_object_ref_sink(instance)
    }
  }

  deinit {
    let address = self.address
    if isCanonical {
      // The toggle reference goes; the instance is finalized when it was the last one.
      let object = UInt(bitPattern: ObjectIdentifier(self))
      SubclassInstances.detach(address: address, object: object)
    } else if MainThread.isCurrent {
      g_object_unref(UnsafeMutableRawPointer(bitPattern: address))
    } else {
      MainThread.run { g_object_unref(UnsafeMutableRawPointer(bitPattern: address)) }
    }
  }

  private static func checkCreation(_ pointer: UnsafeMutableRawPointer) {
    precondition(
      MainThread.isCurrent,
      "GtkReactive: \(Self.self) must be created on the main thread (the thread that "
        + "called gtk_init and runs the GTK main loop)")
    precondition(
      cgtk_is_a(pointer, gType) != 0,
      SubclassRegistry.isRegistered(gType)
        ? "GtkReactive: that initializer makes a "
          + "\(String(cString: cgtk_object_type_name(pointer))), not a \(Self.self); a class "
          + "declared in Swift is made by init(), then its properties are set"
        : "GtkReactive: cannot wrap a \(String(cString: cgtk_object_type_name(pointer))) as "
          + "\(Self.self) (\(String(cString: g_type_name(gType))))")
    precondition(
      !SubclassInstances.hasObject(pointer) || !(Self.self is any ObjectSubclass.Type),
      "GtkReactive: a \(Self.self) has one Swift object; get it with `cast(to:)` or "
        + "`Object.wrapper(of:as:)`, not `init(retaining:)`")
  }

  /// Wraps an opaque C pointer (`GdkPixbuf *`, `GtkListStore *`), taking a reference.
  public convenience init(retaining pointer: OpaquePointer) {
    self.init(retaining: UnsafeMutableRawPointer(pointer))
  }

  /// Wraps an opaque C pointer and adopts the reference the caller owns.
  public convenience init(takingOwnership pointer: OpaquePointer) {
    self.init(takingOwnership: UnsafeMutableRawPointer(pointer))
  }

  /// The instance pointer as a pointer to the C struct `type` (`GtkButton`, …): the
  /// checked cast GTK's `GTK_BUTTON()` macros perform, done once here.
  public func pointer<T>(as type: T.Type) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
  }

  /// The instance as an opaque C pointer, for types C declares opaque (`GdkPixbuf`,
  /// `GtkEditable`, `GtkTreeModel`).
  package var opaque: OpaquePointer { OpaquePointer(pointer) }

  /// The GObject type name of the instance (`GtkButton`), for messages.
  public var typeName: String { String(cString: cgtk_object_type_name(pointer)) }

  /// Wraps an object GTK lends (`transfer none`), or `nil` for NULL: what generated
  /// getters return (one function instead of a closure per call site).
  ///
  /// An instance of a class declared in Swift (`ObjectSubclass`) comes back as its one
  /// Swift object.
  package static func retained(_ pointer: UnsafeMutableRawPointer?) -> Self? {
    guard let pointer else { return nil }
    if let object = SubclassInstances.canonical(of: pointer) as? Self { return object }
    return Self(retaining: pointer)
  }

  /// `retained(_:)` for a pointer Swift sees as opaque.
  package static func retained(_ pointer: OpaquePointer?) -> Self? {
    retained(UnsafeMutableRawPointer(pointer))
  }

  /// `retained(_:)` for a pointer C lends as `const` (the family and face a font
  /// chooser's filter receives): wrapping takes a reference, which GObject counts in
  /// the instance whatever the pointer's constness.
  package static func retained<T>(_ pointer: UnsafePointer<T>?) -> Self? {
    retained(UnsafeMutableRawPointer(mutating: pointer))
  }

  /// Wraps an object GTK gives (`transfer full`), or `nil` for NULL.
  package static func owned(_ pointer: UnsafeMutableRawPointer?) -> Self? {
    guard let pointer else { return nil }
    if let object = SubclassInstances.canonical(of: pointer) as? Self {
      g_object_unref(pointer)  // the canonical object holds its own reference
      return object
    }
    return Self(takingOwnership: pointer)
  }

  /// `owned(_:)` for a pointer Swift sees as opaque.
  package static func owned(_ pointer: OpaquePointer?) -> Self? {
    owned(UnsafeMutableRawPointer(pointer))
  }

  /// Wraps the object behind a borrowed pointer as `T`, if it is one.
  package static func wrap<T: Object>(_ pointer: UnsafeMutableRawPointer?, as type: T.Type) -> T? {
    guard let pointer, cgtk_is_a(pointer, T.gType) != 0 else { return nil }
    if let object = SubclassInstances.canonical(of: pointer) as? T { return object }
    return T(retaining: pointer)
  }

  /// The object behind `pointer` (an instance GTK lends) as `type`, or `nil` when it is
  /// none or NULL: the one Swift object of an instance of a class declared in Swift, or
  /// a new wrapper for any other instance.
  public static func wrapper<T: Object>(of pointer: UnsafeMutableRawPointer?, as type: T.Type)
    -> T?
  {
    wrap(pointer, as: type)
  }
}

extension Object: Equatable {
  /// Two wrappers are equal when they wrap the same GObject.
  public static func == (lhs: Object, rhs: Object) -> Bool { lhs.pointer == rhs.pointer }
}

/// An error reported by GLib through a `GError`.
public struct GLibError: Error, Equatable, CustomStringConvertible {
  /// The error domain's name (`g-file-error-quark`).
  public let domain: String
  /// The domain-specific code.
  public let code: Int
  /// GLib's message.
  public let message: String

  /// An error of `domain` (a GLib error domain's name, or one of the app's own), with its
  /// code and message: what GtkReactive reports of its own, and what an app hands to GTK
  /// (`GLArea.error`).
  public init(domain: String, code: Int, message: String) {
    self.domain = domain
    self.code = code
    self.message = message
  }

  /// Takes and frees `error`.
  package init(consuming error: UnsafeMutablePointer<GError>) {
    domain = String(cString: g_quark_to_string(error.pointee.domain))
    code = Int(error.pointee.code)
    message = String(cString: error.pointee.message)
    g_error_free(error)
  }

  /// The message.
  public var description: String { message }

  /// Whether the operation was cancelled (`G_IO_ERROR_CANCELLED`): what an `async` GIO
  /// call throws when its task is cancelled.
  public var isCancelled: Bool {
    domain == "g-io-error-quark" && code == Int(G_IO_ERROR_CANCELLED.rawValue)
  }

  /// Whether the error is `code` of GIO's `G_IO_ERROR` domain (`.notFound`, `.exists`…).
  public func isIOError(_ code: IOErrorEnum) -> Bool {
    domain == "g-io-error-quark" && self.code == Int(code.rawValue)
  }
}
