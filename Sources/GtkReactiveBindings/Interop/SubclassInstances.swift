// The one Swift object of each instance of a class declared in Swift, and its toggle
// reference: who keeps whom alive.
import CGtk

/// Finds, attaches and detaches the Swift object of instances of classes declared in Swift.
///
/// Ownership: the Swift object holds a toggle reference on its instance. GObject calls
/// `toggleNotify` when that becomes the only reference (the instance then releases its
/// Swift object, which lives on only while Swift holds it) and when it stops being the
/// only one (the instance retains its Swift object again). So the Swift object lives
/// exactly as long as anyone holds either, and the instance is finalized when the Swift
/// object goes.
nonisolated enum SubclassInstances {
  /// The instance data key of the Swift object (unretained).
  private static let objectKey = g_quark_from_string("gtkreactive-swift-object")

  /// Set when the first Swift class is registered; until then no instance has a Swift
  /// object and every look-up is skipped.
  nonisolated(unsafe) private(set) static var isActive = false

  // Construction, on the main thread only: `pending` is set while Swift calls
  // `g_object_new` for a class declared in Swift, until the first `instance_init` of that
  // instance claims it (`constructing`); `attaching` is the instance whose `instance_init`
  // is creating its Swift object.
  nonisolated(unsafe) private static var pending = false
  nonisolated(unsafe) private static var constructing: UnsafeMutableRawPointer?
  nonisolated(unsafe) private static var attaching: UnsafeMutableRawPointer?

  /// Turns look-ups on (the first registration, on the main thread).
  static func activate() { isActive = true }

  /// The Swift object of `instance`, if it has one.
  @inline(__always)
  static func canonical(of instance: UnsafeMutableRawPointer) -> Object? {
    guard isActive else { return nil }
    return g_object_get_qdata(instance.assumingMemoryBound(to: GObject.self), objectKey).map {
      Unmanaged<Object>.fromOpaque($0).takeUnretainedValue()
    }
  }

  /// Whether `instance` has a Swift object.
  static func hasObject(_ instance: UnsafeMutableRawPointer) -> Bool {
    isActive
      && g_object_get_qdata(instance.assumingMemoryBound(to: GObject.self), objectKey) != nil
  }

  /// Whether `instance` is the one whose `instance_init` is creating its Swift object.
  static func isAttaching(_ instance: UnsafeMutableRawPointer) -> Bool {
    isActive && attaching == instance
  }

  /// Swift is about to call `g_object_new` for a class declared in Swift.
  static func beginSwiftConstruction() -> (UnsafeMutableRawPointer?, Bool) {
    let saved = (constructing, pending)
    pending = true
    return saved
  }

  /// `g_object_new` returned.
  static func endSwiftConstruction(_ saved: (UnsafeMutableRawPointer?, Bool)) {
    (constructing, pending) = saved
  }

  /// An `instance_init` of a class declared in Swift: creates the Swift object of an
  /// instance made from C (GtkBuilder, `g_object_new`), unless Swift is making it or an
  /// earlier level of the same instance already did.
  ///
  /// The object is made in the `instance_init` of the most derived class declared in
  /// Swift (`level`), when the instance already is of that class.
  static func instanceInitialized(
    _ instance: UnsafeMutableRawPointer, level: GType, finalType: GType
  ) {
    if pending {
      pending = false
      constructing = instance
      return
    }
    guard constructing != instance, !hasObject(instance),
      let info = SubclassRegistry.nearestInfo(of: finalType), info.gType == level
    else { return }
    let saved = attaching
    attaching = instance
    defer { attaching = saved }
    nonisolated(unsafe) let pointer = instance
    MainActor.assumeIsolated { _ = info.swiftClass.init(retaining: pointer) }
  }

  /// Makes `object` the Swift object of its instance. An instance Swift created gives up
  /// its creation reference, so that only the toggle reference is left; one C created
  /// keeps its creator's reference (and floating state), so the instance holds its Swift
  /// object until C lets go.
  @MainActor
  static func attach(_ object: Object, createdBySwift: Bool) {
    let instance = object.pointer
    let unretained = Unmanaged.passUnretained(object).toOpaque()
    g_object_set_qdata(instance, objectKey, unretained)
    _ = Unmanaged.passRetained(object)  // while another reference exists
    g_object_add_toggle_ref(instance, toggleNotify, unretained)
    guard createdBySwift else { return }
    // The creation reference: a plain GObject's is the creator's, and goes; a floating
    // one (a fresh widget) is claimed, then goes; an unowned object that is no longer
    // floating was claimed during construction by someone else (GTK owns toplevel
    // windows), and stays theirs. Either way only references held elsewhere and the
    // toggle reference remain, and the instance holds its Swift object exactly while
    // others hold it.
    let initiallyUnowned =
      g_type_is_a(cgtk_object_type(instance), g_initially_unowned_get_type()) != 0
    if !initiallyUnowned {
      g_object_unref(instance)
    } else if g_object_is_floating(instance) != 0 {
      g_object_ref_sink(instance)
      g_object_unref(instance)
    }
    if let info = SubclassRegistry.nearestInfo(of: cgtk_object_type(instance)) {
      info.objectMethods.constructed(object)
    }
  }

  /// The Swift object at `object` is going: its instance forgets it and loses the toggle
  /// reference (and is finalized when that was the last one). The Swift object's own
  /// members are gone by now, so nothing calls into it any more.
  static func detach(address: UInt, object: UInt) {
    let instance = UnsafeMutableRawPointer(bitPattern: address)!.assumingMemoryBound(
      to: GObject.self)
    g_object_set_qdata(instance, objectKey, nil)
    let data = UnsafeMutableRawPointer(bitPattern: object)
    if MainThread.isCurrent {
      g_object_remove_toggle_ref(instance, toggleNotify, data)
    } else {
      MainThread.run {
        g_object_remove_toggle_ref(
          UnsafeMutableRawPointer(bitPattern: address)!.assumingMemoryBound(to: GObject.self),
          toggleNotify, UnsafeMutableRawPointer(bitPattern: object))
      }
    }
  }
}

/// GObject's toggle notification: the instance keeps its Swift object alive exactly while
/// the toggle reference is not the last one.
nonisolated private let toggleNotify: GToggleNotify = { data, _, isLastReference in
  let object = Unmanaged<Object>.fromOpaque(data!)
  if isLastReference != 0 {
    object.release()
  } else {
    _ = object.retain()
  }
}
