// Weak references to GObjects, and the list of live connections of each object.
import CGtk
import Reactive
import Synchronization

/// A GLib weak reference (`GWeakRef`) to a GObject, for Swift code that must not keep
/// an object alive. GTK clears it when the object is disposed, so a destroyed widget
/// reads as gone even while some wrapper still holds a reference.
package nonisolated final class WeakObjectRef: @unchecked Sendable {
  // @unchecked: GWeakRef is thread-safe by design; the storage is never moved; `widget`
  // is read on the main thread only, `disposed` is atomic.
  private let storage: UnsafeMutablePointer<GWeakRef>

  /// The object of a shared reference when it is a widget: GTK disposes widgets on the
  /// main thread only, so there, while `disposed` is not set, the pointer is live and
  /// needs no `g_weak_ref_get` (which takes GLib's global weak-reference lock) nor a
  /// disposal look-up in the object's data.
  private let widget: UnsafeMutableRawPointer?

  /// Set when the object of a shared reference is disposed (its weak notifier runs from
  /// dispose, on whichever thread disposes it); other references ask `DisposalMarker`.
  private let disposed: Atomic<Bool>

  /// A counted reference's ticket (`GtkBoxes`); the shared one of an object is freed
  /// with the object, not a box a test could leak, and is not counted.
  private let liveObject: LiveObjectTicket?

  /// A weak reference to `object`.
  package init(_ object: UnsafeMutableRawPointer) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: GWeakRef())
    g_weak_ref_init(storage, object)
    widget = nil
    disposed = Atomic(false)
    liveObject = GtkBoxes.track()
  }

  private init(shared object: UnsafeMutableRawPointer) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: GWeakRef())
    g_weak_ref_init(storage, object)
    widget = cgtk_is_a(object, gtk_widget_get_type()) != 0 ? object : nil
    disposed = Atomic(false)
    liveObject = nil
  }

  deinit {
    g_weak_ref_clear(storage)
    storage.deallocate()
    if let liveObject { GtkBoxes.untrack(liveObject) }
  }

  private static let sharedQuark = g_quark_from_string("gtkreactive-weak-reference")

  /// The one weak reference of `object` that its reactive signals share, made on first
  /// use and released when the object is finalized: creating `button.rx.clicked`
  /// allocates nothing beyond the signal itself. It knows whether the object was
  /// disposed without a look-up (`isDisposed`).
  package static func shared(_ object: UnsafeMutableRawPointer) -> WeakObjectRef {
    let gobject = object.assumingMemoryBound(to: GObject.self)
    if let existing = g_object_get_qdata(gobject, sharedQuark) {
      return Unmanaged<WeakObjectRef>.fromOpaque(existing).takeUnretainedValue()
    }
    let reference = WeakObjectRef(shared: object)
    if DisposalMarker.isDisposed(object) {
      reference.disposed.store(true, ordering: .releasing)
    } else {
      // Unretained: the qdata below holds the reference until finalization, and GObject
      // runs weak notifiers from dispose, before it.
      g_object_weak_ref(
        gobject, sharedObjectDisposed, Unmanaged.passUnretained(reference).toOpaque())
    }
    g_object_set_qdata_full(
      gobject, sharedQuark, Unmanaged.passRetained(reference).toOpaque(), releaseWeakReference)
    return reference
  }

  /// Whether the object of a shared reference was disposed (destroyed or finalized);
  /// `false` for other references.
  var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  /// The first of the object's live handler connections (shared reference only).
  @exclusivity(unchecked) private var connections: Unmanaged<HandlerConnection>?

  /// Lists a connection just made to the object's signals.
  func insert(_ connection: HandlerConnection) {
    let node = Unmanaged.passUnretained(connection)
    connection.next = connections
    connections?.takeUnretainedValue().previous = node
    connections = node
  }

  /// Takes an ended connection off the list.
  func remove(_ connection: HandlerConnection) {
    let previous = connection.previous
    let next = connection.next
    if let previous {
      previous.takeUnretainedValue().next = next
    } else if connections?.toOpaque() == Unmanaged.passUnretained(connection).toOpaque() {
      connections = next
    }
    next?.takeUnretainedValue().previous = previous
    connection.previous = nil
    connection.next = nil
  }

  /// The object is being disposed: GObject destroys its handlers, so every listed
  /// connection ends (each leaves the list).
  func markDisposed() {
    disposed.store(true, ordering: .releasing)
    while let first = connections?.takeUnretainedValue() {
      remove(first)
      first.end(disconnecting: false)
    }
  }

  /// The live object, for work on the main thread that runs no code of the app's and
  /// cannot release or destroy it (connecting a handler); `nil` when it was disposed
  /// (destroyed) or finalized. A widget, which only the main thread disposes, comes as
  /// it is (`held` false: no `g_object_ref` and `unref`, three atomic operations per
  /// subscription); another object comes with a strong reference the caller gives back
  /// (`held` true).
  ///
  /// A value rather than a closure: a caller can then move what it owns into the work
  /// (a closure captures it, and the capture cost a copy per subscription).
  func liveObjectOnMainThread() -> (object: UnsafeMutableRawPointer, held: Bool)? {
    if let widget { return isDisposed ? nil : (widget, false) }
    return heldObject().map { ($0, true) }
  }

  /// A strong reference to the object from the weak reference, which the caller gives
  /// back; `nil` when the object was disposed (destroyed) or finalized.
  private func heldObject() -> UnsafeMutableRawPointer? {
    guard let object = g_weak_ref_get(storage) else { return nil }
    if isDisposed || DisposalMarker.isDisposed(object) {
      g_object_unref(object)
      return nil
    }
    return UnsafeMutableRawPointer(object)
  }

  /// Runs `body` with the object held by a temporary strong reference, or returns `nil`
  /// if the object was disposed (destroyed) or finalized.
  package func withObject<R>(_ body: (UnsafeMutableRawPointer) throws -> R) rethrows -> R? {
    if let widget, MainThread.isCurrent {
      if isDisposed { return nil }
      g_object_ref(widget)  // `body` may destroy it, and destroying may finalize it
      defer { g_object_unref(widget) }
      return try body(widget)
    }
    guard let object = heldObject() else { return nil }
    defer { g_object_unref(object) }
    return try body(object)
  }
}

/// Marks a shared reference's object disposed; GObject calls weak notifiers from dispose.
nonisolated private let sharedObjectDisposed: GWeakNotify = { data, _ in
  Unmanaged<WeakObjectRef>.fromOpaque(data!).takeUnretainedValue().markDisposed()
}

/// Releases an object's shared weak reference when the object is finalized.
nonisolated private let releaseWeakReference: GDestroyNotify = { data in
  Unmanaged<WeakObjectRef>.fromOpaque(data!).release()
}
