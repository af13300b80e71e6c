// Every Unmanaged / @convention(c) crossing of GtkReactive: signal handlers, weak object
// references, main-loop sources, GBinding transforms and the Dispatch bridge.
import CGtk
import Reactive
import Synchronization

// MARK: - Counting Swift boxes

/// Counts the Swift objects GtkReactive hands to GLib (handler connections, weak
/// references, scheduled actions, binding transforms), so tests can prove that a destroyed
/// window frees every one of them. They are Reactive's live objects handed to foreign
/// code (`LiveObjects.track(foreign: true)`): counted in the scope of the test that made
/// them, as every live object is, and also apart. Like it, counting exists only in debug
/// builds (`TRACE_RESOURCES`); release builds pay nothing and `count` is 0.
nonisolated package enum GtkBoxes {
  /// How many boxes made in the current scope (a test's own) are alive now.
  package static var count: Int { LiveObjects.foreignCount }

  /// Whether this build counts boxes (debug builds do).
  package static var isTracing: Bool {
    #if TRACE_RESOURCES
      return true
    #else
      return false
    #endif
  }

  /// Records a new box; keep the ticket in it and give it back to `untrack(_:)`.
  nonisolated static func track() -> LiveObjectTicket {
    LiveObjects.track(foreign: true)
  }

  nonisolated static func untrack(_ ticket: LiveObjectTicket) {
    LiveObjects.untrack(ticket)
  }
}

// MARK: - Main thread

/// The GTK thread: the process's main thread, which calls `gtk_init` and runs the loop.
nonisolated enum MainThread {
  /// Whether the caller is on the main thread.
  nonisolated static var isCurrent: Bool { cgtk_is_main_thread() != 0 }

  /// Runs `work` from an idle source of the default main context at `priority`, even when
  /// called on the main thread; the returned disposable cancels it if it has not run.
  @discardableResult
  nonisolated static func async(
    priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ work: @escaping () -> Void
  ) -> Disposable {
    let box = ActionBox(work)
    g_idle_add_full(
      priority, runActionOnce, Unmanaged.passRetained(box).toOpaque(), releaseActionBox)
    return AnyDisposable { box.cancelled.store(true, ordering: .releasing) }
  }

  /// Runs `work` now when called on the main thread, otherwise from an idle source of the
  /// default main context (so it runs once the loop iterates).
  nonisolated static func run(_ work: @escaping () -> Void) {
    if isCurrent {
      work()
    } else {
      let box = ActionBox(work)
      g_idle_add_full(
        G_PRIORITY_DEFAULT, runActionOnce, Unmanaged.passRetained(box).toOpaque(),
        releaseActionBox)
    }
  }
}

// MARK: - Signal handlers

/// What a connected handler does with the arguments GTK passes.
enum HandlerAction {
  /// Arguments ignored (connected swapped, so any signature fits); the result is
  /// returned to signals that expect a `gboolean`.
  case noArguments(() -> Bool)
  /// One word-sized argument (a pointer, an `int`, an enum or a `gboolean`).
  case oneArgument((UnsafeMutableRawPointer?) -> Bool)
  /// Two word-sized arguments.
  case twoArguments((UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)
  /// Three word-sized arguments (`GFileMonitor::changed`, `GApplication::open`).
  case threeArguments(
    (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)
  /// Any signature, through GLib's GValue marshalling: the arguments (index 0 is the
  /// instance) and the return value to set (`nil` for signals that return nothing).
  case values((GValueArguments, UnsafeMutablePointer<GValue>?) -> Void)

  /// How GLib calls the handler: which trampoline the connection gets.
  nonisolated var shape: HandlerShape {
    switch self {
    case .noArguments: .noArguments
    case .oneArgument: .oneArgument
    case .twoArguments: .twoArguments
    case .threeArguments: .threeArguments
    case .values: .values
    }
  }
}

/// The C signature a handler is connected with (see `HandlerAction`'s cases).
nonisolated enum HandlerShape {
  case noArguments, oneArgument, twoArguments, threeArguments, values
}

/// One GTK signal handler owned by Swift, and the disposable that disconnects it.
///
/// Ownership: GLib's closure holds one retain of the connection (its user data), given
/// back when the handler ends, by `dispose()` or by the instance's disposal. The
/// connection sits in a list kept by the instance's shared weak reference
/// (`WeakObjectRef.shared`), whose weak notifier ends every connection still in it
/// when GObject disposes the instance (a widget destroyed, any object finalized) — the
/// moment GObject destroys all of the instance's handlers. So a connection needs no
/// closure notifier (each one costs GLib a `realloc`) nor a weak reference of its own.
/// (`watch`, which has no handler, holds a `g_object_weak_ref` instead.) The action
/// never retains the instance. State is touched only on the main thread (or the
/// thread that disposes the instance); `dispose()` from another thread hops there first.
///
/// The action lives in a subclass (`ClosureConnection`, `ObserverActionConnection`),
/// which overrides the `emit` of its shape: a trampoline retains the connection once (a
/// handler may dispose itself mid-call) and calls it. The action (and the observer)
/// lives as long as the connection, which nothing holds after the end. The base keeps
/// no closures, so a connection pays for (and releases) only its own.
///
/// `dispose()` disconnects at most once, never after the handler ended, and never from
/// an instance already disposed (its handlers are gone: a widget destroyed inside one of
/// its own handlers ends the running handler's connection too).
nonisolated class HandlerConnection: Disposable, @unchecked Sendable {
  // @unchecked: mutable state is touched only on the main thread (see `dispose()`).
  private var instance: UnsafeMutableRawPointer?
  private var handlerID: gulong = 0
  private var holdsWeakReference = false
  /// The instance's shared weak reference, which knows whether it was disposed and
  /// lists the instance's live connections.
  private let object: WeakObjectRef?
  /// The neighbours in `object`'s list of live connections (unretained: a connection
  /// leaves the list when it ends, before GLib's retain is given back).
  @exclusivity(unchecked) fileprivate var previous: Unmanaged<HandlerConnection>?
  @exclusivity(unchecked) fileprivate var next: Unmanaged<HandlerConnection>?

  private let liveObject = GtkBoxes.track()

  /// A connection to `object` (the instance's shared weak reference; `nil` for
  /// `watch`). Subclasses keep the action: they override the `emit` of their shape and
  /// `ended()`.
  init(object: WeakObjectRef?) {
    self.object = object
  }

  deinit { GtkBoxes.untrack(liveObject) }

  /// Connects this connection to the signal `key` of `instance` (the live object of
  /// `object`) with the trampoline for `shape`, on the main thread, by signal id (no
  /// name parsing per connect). A widget first selects the events the signal needs
  /// (`key.eventMask`).
  final func connect(
    _ instance: UnsafeMutableRawPointer, key: SignalKey, shape: HandlerShape
  ) -> Self {
    let (id, detail) = key.resolve()
    if key.eventMask != 0, cgtk_is_a(instance, gtk_widget_get_type()) != 0 {
      gtk_widget_add_events(instance.assumingMemoryBound(to: GtkWidget.self), key.eventMask)
    }
    // GLib's retain, given back by `end`.
    let data = Unmanaged.passRetained(self).toOpaque()
    let closure: UnsafeMutablePointer<GClosure>
    switch shape {
    case .noArguments:
      closure = g_cclosure_new_swap(
        unsafeBitCast(noArgumentTrampoline, to: GCallback.self), data, nil)
    case .oneArgument:
      closure = g_cclosure_new(
        unsafeBitCast(oneArgumentTrampoline, to: GCallback.self), data, nil)
    case .twoArguments:
      closure = g_cclosure_new(
        unsafeBitCast(twoArgumentTrampoline, to: GCallback.self), data, nil)
    case .threeArguments:
      closure = g_cclosure_new(
        unsafeBitCast(threeArgumentTrampoline, to: GCallback.self), data, nil)
    case .values:
      closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), data)
      g_closure_set_marshal(closure, valuesMarshal)
    }
    self.instance = instance
    handlerID = g_signal_connect_closure_by_id(instance, id, detail, closure, 0)
    object?.insert(self)
    return self
  }

  /// Watches `instance` (a live GObject) without a signal: `onEnd` runs once when it is
  /// disposed (destroyed or finalized); `dispose()` stops watching.
  static func watch(
    _ instance: UnsafeMutableRawPointer, onEnd: @escaping () -> Void
  ) -> HandlerConnection {
    let connection = ClosureConnection(action: .noArguments { false }, object: nil, onEnd: onEnd)
    connection.instance = instance
    connection.holdsWeakReference = true
    g_object_weak_ref(
      instance.assumingMemoryBound(to: GObject.self), instanceDisposed,
      Unmanaged.passRetained(connection).toOpaque())
    return connection
  }

  /// Disconnects the handler; harmless when the instance is gone or when called again.
  final func dispose() {
    if MainThread.isCurrent {
      end(disconnecting: true)
    } else {
      MainThread.run { self.end(disconnecting: true) }
    }
  }

  /// The handler's end: from `dispose()` (disconnect, no `onEnd`) or from GLib (the
  /// instance died or the handler was dropped: run `onEnd`).
  fileprivate final func end(disconnecting: Bool) {
    guard let instance else { return }
    self.instance = nil
    if holdsWeakReference {
      holdsWeakReference = false
      g_object_weak_unref(
        instance.assumingMemoryBound(to: GObject.self), instanceDisposed,
        Unmanaged.passUnretained(self).toOpaque())
      Unmanaged.passUnretained(self).release()
    }
    let id = handlerID
    handlerID = 0
    guard id != 0 else {  // `watch`: no handler
      if !disconnecting { ended() }
      return
    }
    object?.remove(self)
    // Only ours to disconnect while the instance has its handlers: disposing it destroyed
    // them all (and ended every listed connection; the check guards the rest).
    if disconnecting, object?.isDisposed != true {
      g_signal_handler_disconnect(instance, id)
    }
    if !disconnecting { ended() }
    // GLib's retain: the handler is gone, or a running emission skips it from now on
    // (and its trampoline holds the connection until it returns). The caller holds self.
    Unmanaged.passUnretained(self).release()
  }

  /// The instance is being disposed: its weak references are being dropped (ours too).
  fileprivate final func instanceWasDisposed() {
    holdsWeakReference = false
    instance = nil
    ended()
  }

  /// The handler ended other than by `dispose()`; runs once. Subclasses tell their
  /// observer or run their `onEnd`.
  func ended() {}

  // One emission of each shape, called by its trampoline; subclasses that connect the
  // shape override it.

  /// A `noArguments` emission.
  func emit() -> Bool { false }

  /// A `oneArgument` emission.
  func emit(_ first: UnsafeMutableRawPointer?) -> Bool { false }

  /// A `twoArguments` emission.
  func emit(_ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?) -> Bool {
    false
  }

  /// A `threeArguments` emission.
  func emit(
    _ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?,
    _ third: UnsafeMutableRawPointer?
  ) -> Bool {
    false
  }

  /// A `values` emission.
  func emit(_ arguments: GValueArguments, result: UnsafeMutablePointer<GValue>?) {}
}

/// A connection whose action is a `HandlerAction` (closures that capture what they
/// need) and whose end runs `onEnd`: `watch`, and the base of `ObserverConnection`.
///
/// The action is kept in immutable `let`s, one per shape: a trampoline calls the
/// closure without copying it, where reading an enum out of a `var` cost an outlined
/// copy, a retain, a destroy and a release per emission.
nonisolated class ClosureConnection: HandlerConnection, @unchecked Sendable {
  // @unchecked: as `HandlerConnection`; `onEnd` is touched on the main thread only.
  private var onEnd: (() -> Void)?
  private let none: (() -> Bool)?
  private let one: ((UnsafeMutableRawPointer?) -> Bool)?
  private let two: ((UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)?
  private let three:
    ((UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)?
  private let values: ((GValueArguments, UnsafeMutablePointer<GValue>?) -> Void)?

  init(action: HandlerAction, object: WeakObjectRef?, onEnd: (() -> Void)?) {
    switch action {
    case .noArguments(let action): (none, one, two, three, values) = (action, nil, nil, nil, nil)
    case .oneArgument(let action): (none, one, two, three, values) = (nil, action, nil, nil, nil)
    case .twoArguments(let action): (none, one, two, three, values) = (nil, nil, action, nil, nil)
    case .threeArguments(let action):
      (none, one, two, three, values) = (nil, nil, nil, action, nil)
    case .values(let action): (none, one, two, three, values) = (nil, nil, nil, nil, action)
    }
    self.onEnd = onEnd
    super.init(object: object)
  }

  override func ended() {
    let onEnd = self.onEnd
    self.onEnd = nil
    onEnd?()
  }

  override func emit() -> Bool { none?() ?? false }

  override func emit(_ first: UnsafeMutableRawPointer?) -> Bool { one?(first) ?? false }

  override func emit(_ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?)
    -> Bool
  {
    two?(first, second) ?? false
  }

  override func emit(
    _ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?,
    _ third: UnsafeMutableRawPointer?
  ) -> Bool {
    three?(first, second, third) ?? false
  }

  override func emit(_ arguments: GValueArguments, result: UnsafeMutablePointer<GValue>?) {
    values?(arguments, result)
  }
}

/// A connection whose end completes an observer: what every control event connects.
nonisolated final class ObserverConnection<Value>: ClosureConnection, @unchecked Sendable {
  private let observer: Observer<Value, Never>

  private init(action: HandlerAction, object: WeakObjectRef, observer: Observer<Value, Never>) {
    self.observer = observer
    super.init(action: action, object: object, onEnd: nil)
  }

  /// Connects `action` to the signal `key` of `instance` (the live object of `object`);
  /// the handler's end (the object disposed) completes `observer`.
  static func connect(
    _ instance: UnsafeMutableRawPointer, key: SignalKey, action: HandlerAction,
    object: WeakObjectRef, observer: Observer<Value, Never>
  ) -> ObserverConnection {
    ObserverConnection(action: action, object: object, observer: observer)
      .connect(instance, key: key, shape: action.shape)
  }

  override func ended() { observer.sendCompleted() }
}

/// Recovers the connection from a handler's user data without retaining it.
@inline(__always)
nonisolated private func connection(_ data: UnsafeMutableRawPointer?) -> HandlerConnection {
  Unmanaged<HandlerConnection>.fromOpaque(data!).takeUnretainedValue()
}

/// Any signal, connected swapped: the user data comes first and the rest is ignored.
nonisolated private let noArgumentTrampoline:
  @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
    connection(data).emit() ? 1 : 0
  }

/// `(instance, one word-sized argument, user data) -> gboolean`.
nonisolated private let oneArgumentTrampoline:
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?)
    -> gboolean = { _, argument, data in
      connection(data).emit(argument) ? 1 : 0
    }

/// `(instance, argument, argument, user data) -> gboolean`.
nonisolated private let twoArgumentTrampoline:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
    UnsafeMutableRawPointer?
  ) -> gboolean = { _, first, second, data in
    connection(data).emit(first, second) ? 1 : 0
  }

/// `(instance, argument, argument, argument, user data) -> gboolean`.
nonisolated private let threeArgumentTrampoline:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
  ) -> gboolean = { _, first, second, third, data in
    connection(data).emit(first, second, third) ? 1 : 0
  }

/// A GValue-marshalled handler: hands the arguments and the return slot to the action.
nonisolated private let valuesMarshal: GClosureMarshal = {
  closure, result, count, arguments, _, _ in
  guard let closure, let arguments, let data = closure.pointee.data else { return }
  connection(data).emit(GValueArguments(values: arguments, count: Int(count)), result: result)
}

/// The instance is being disposed (destroyed or finalized); release the weak-ref retain.
nonisolated private let instanceDisposed: GWeakNotify = { data, _ in
  let connection = Unmanaged<HandlerConnection>.fromOpaque(data!)
  connection.takeUnretainedValue().instanceWasDisposed()
  connection.release()
}

// MARK: - Disposal marker

/// Remembers that a GObject was disposed (a widget destroyed): GTK keeps no such flag,
/// and a `GWeakRef` made after `gtk_widget_destroy` still resolves. Every wrapped object
/// gets one weak reference that sets a qdata marker when it is disposed.
/// Quarks come from `g_quark_from_string`, which copies the name: GLib keeps the pointer
/// it is given by `g_quark_from_static_string`, and a Swift string's C copy is temporary.
nonisolated enum DisposalMarker {
  private static let watched = g_quark_from_string("gtkreactive-watched")
  fileprivate static let disposed = g_quark_from_string("gtkreactive-disposed")

  /// Starts watching `object` (once per object, however many wrappers it has).
  static func watch(_ object: UnsafeMutableRawPointer) {
    let gobject = object.assumingMemoryBound(to: GObject.self)
    guard g_object_get_qdata(gobject, watched) == nil else { return }
    g_object_set_qdata(gobject, watched, UnsafeMutableRawPointer(bitPattern: 1))
    g_object_weak_ref(gobject, markDisposed, nil)
  }

  /// Whether a watched `object` has been disposed.
  static func isDisposed(_ object: UnsafeMutableRawPointer) -> Bool {
    g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), disposed) != nil
  }
}

/// Sets the disposed marker; GObject calls weak notifiers from dispose.
nonisolated private let markDisposed: GWeakNotify = { _, object in
  g_object_set_qdata(object, DisposalMarker.disposed, UnsafeMutableRawPointer(bitPattern: 1))
}

// MARK: - Weak object references

/// A GLib weak reference (`GWeakRef`) to a GObject, for Swift code that must not keep
/// an object alive. GTK clears it when the object is disposed, so a destroyed widget
/// reads as gone even while some wrapper still holds a reference.
nonisolated final class WeakObjectRef: @unchecked Sendable {
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
  init(_ object: UnsafeMutableRawPointer) {
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
  static func shared(_ object: UnsafeMutableRawPointer) -> WeakObjectRef {
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
  fileprivate func insert(_ connection: HandlerConnection) {
    let node = Unmanaged.passUnretained(connection)
    connection.next = connections
    connections?.takeUnretainedValue().previous = node
    connections = node
  }

  /// Takes an ended connection off the list.
  fileprivate func remove(_ connection: HandlerConnection) {
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
  fileprivate func markDisposed() {
    disposed.store(true, ordering: .releasing)
    while let first = connections?.takeUnretainedValue() {
      remove(first)
      first.end(disconnecting: false)
    }
  }

  /// Runs `body` with the object held by a temporary strong reference, or returns `nil`
  /// if the object was disposed (destroyed) or finalized.
  func withObject<R>(_ body: (UnsafeMutableRawPointer) throws -> R) rethrows -> R? {
    if let widget, MainThread.isCurrent {
      if isDisposed { return nil }
      g_object_ref(widget)  // `body` may destroy it, and destroying may finalize it
      defer { g_object_unref(widget) }
      return try body(widget)
    }
    guard let object = g_weak_ref_get(storage) else { return nil }
    defer { g_object_unref(object) }
    if isDisposed || DisposalMarker.isDisposed(object) { return nil }
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

// MARK: - Main-loop sources

/// A closure handed to GLib as source data: an idle or one-shot source runs it once, a
/// repeating timeout until cancelled.
nonisolated final class ActionBox: @unchecked Sendable {
  // @unchecked: the action runs on the main thread only; `cancelled` is atomic.
  let action: () -> Void
  let cancelled = Atomic<Bool>(false)

  private let liveObject = GtkBoxes.track()

  init(_ action: @escaping () -> Void) {
    self.action = action
    // Publishes `action` to the main thread, whose `runActionOnce` reads `cancelled`
    // (acquiring) first. GLib's own locking already orders the two, but GLib is not
    // built for ThreadSanitizer, which needs the pair it can see.
    cancelled.store(false, ordering: .releasing)
  }

  deinit { GtkBoxes.untrack(liveObject) }
}

/// An idle / invoke callback: runs the action once unless cancelled.
nonisolated private let runActionOnce: GSourceFunc = { data in
  let box = Unmanaged<ActionBox>.fromOpaque(data!).takeUnretainedValue()
  if !box.cancelled.load(ordering: .acquiring) { box.action() }
  return cgtk_source_remove()
}

/// A repeating timer's callback: runs the action and keeps the source until cancelled.
nonisolated private let runActionRepeating: GSourceFunc = { data in
  let box = Unmanaged<ActionBox>.fromOpaque(data!).takeUnretainedValue()
  if box.cancelled.load(ordering: .acquiring) { return cgtk_source_remove() }
  box.action()
  return cgtk_source_continue()
}

/// The source's destroy notify: releases the box exactly once.
nonisolated private let releaseActionBox: GDestroyNotify = { data in
  Unmanaged<ActionBox>.fromOpaque(data!).release()
}

/// GLib source plumbing for `MainLoopScheduler`.
nonisolated enum MainLoopSources {
  /// Runs `box` on the main thread: at once when called there
  /// (`g_main_context_invoke_full`), otherwise from an idle source. Not
  /// `g_main_context_invoke_full` alone: from another thread, while the loop is not
  /// running, it acquires the context and runs the action on the calling thread.
  nonisolated static func invoke(_ box: ActionBox) {
    if MainThread.isCurrent {
      g_main_context_invoke_full(
        nil, G_PRIORITY_DEFAULT, runActionOnce, Unmanaged.passRetained(box).toOpaque(),
        releaseActionBox)
    } else {
      g_idle_add_full(
        G_PRIORITY_DEFAULT, runActionOnce, Unmanaged.passRetained(box).toOpaque(),
        releaseActionBox)
    }
  }

  /// Attaches a timeout source that runs `box` after `milliseconds` (once, or every
  /// `milliseconds` when `repeats`); returns the source, which the caller unrefs.
  nonisolated static func timeout(
    _ box: ActionBox, milliseconds: UInt32, repeats: Bool
  ) -> UnsafeMutablePointer<GSource> {
    let source = g_timeout_source_new(milliseconds)!
    g_source_set_callback(
      source, repeats ? runActionRepeating : runActionOnce,
      Unmanaged.passRetained(box).toOpaque(), releaseActionBox)
    g_source_attach(source, nil)  // the default main context
    return source
  }
}

// MARK: - Dispatch's main queue inside the GLib loop

/// The fd Dispatch signals when its main queue has work (CoreFoundation's hook).
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
nonisolated private func dispatchMainQueueHandle() -> Int32

/// Drains Dispatch's main queue once (CoreFoundation's hook).
@_silgen_name("_dispatch_main_queue_callback_4CF")
nonisolated private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

/// The GLib watch on Dispatch's fd: resets it, drains the main queue, keeps watching.
///
/// On Linux the fd is an eventfd that the run loop must read, as CoreFoundation does
/// before draining: left unread after a main-queue timer (`asyncAfter`) woke it, it stays
/// readable, and this default-priority watch would run on every iteration and starve
/// idle sources (redraws, layout, scheduled work).
nonisolated private let drainDispatchMainQueue: GIOFunc = { _, _, _ in
  var wakeUps: UInt64 = 0
  _ = read(dispatchMainQueueHandle(), &wakeUps, MemoryLayout<UInt64>.size)  // non-blocking
  dispatchMainQueueCallback(nil)
  return 1
}

enum DispatchBridge {
  /// Watches Dispatch's main-queue fd from the default GLib context, so
  /// `DispatchQueue.main.async` and `Task { @MainActor in }` run while GTK's loop runs.
  static func install() {
    let channel = g_io_channel_unix_new(dispatchMainQueueHandle())
    g_io_add_watch(channel, G_IO_IN, drainDispatchMainQueue, nil)
    g_io_channel_unref(channel)  // the watch keeps its own reference
  }
}

// MARK: - GBinding transforms

/// Swift transforms of one `g_object_bind_property_full` binding.
nonisolated final class BindingTransforms: @unchecked Sendable {
  // @unchecked: GBinding calls its transforms on the thread that changes the property,
  // which for GTK objects is the main thread.
  let forward: (UnsafePointer<GValue>, UnsafeMutablePointer<GValue>) -> Bool
  let backward: ((UnsafePointer<GValue>, UnsafeMutablePointer<GValue>) -> Bool)?

  private let liveObject = GtkBoxes.track()

  init(
    forward: @escaping (UnsafePointer<GValue>, UnsafeMutablePointer<GValue>) -> Bool,
    backward: ((UnsafePointer<GValue>, UnsafeMutablePointer<GValue>) -> Bool)?
  ) {
    self.forward = forward
    self.backward = backward
  }

  deinit { GtkBoxes.untrack(liveObject) }

  /// Binds with these transforms; GLib owns the box until the binding is gone.
  func bind(
    _ source: UnsafeMutableRawPointer, _ sourceProperty: String,
    _ target: UnsafeMutableRawPointer, _ targetProperty: String, flags: GBindingFlags
  ) -> OpaquePointer? {
    g_object_bind_property_full(
      source, sourceProperty, target, targetProperty, flags, transformForward,
      backward == nil ? nil : transformBackward, Unmanaged.passRetained(self).toOpaque(),
      releaseTransforms)
  }
}

nonisolated private let transformForward: GBindingTransformFunc = { _, from, to, data in
  let box = Unmanaged<BindingTransforms>.fromOpaque(data!).takeUnretainedValue()
  return box.forward(from!, to!) ? 1 : 0
}

nonisolated private let transformBackward: GBindingTransformFunc = { _, from, to, data in
  let box = Unmanaged<BindingTransforms>.fromOpaque(data!).takeUnretainedValue()
  return box.backward?(from!, to!) == true ? 1 : 0
}

nonisolated private let releaseTransforms: GDestroyNotify = { data in
  Unmanaged<BindingTransforms>.fromOpaque(data!).release()
}

// MARK: - GtkBuilder handler names

/// One `<signal name="clicked" handler="onSave"/>` of a UI definition.
nonisolated struct BuilderSignal {
  /// The object the signal belongs to (alive as long as the builder holds it).
  let object: WeakObjectRef
  /// The signal's name, with `::detail` when detailed.
  let signal: String
  /// The handler name the UI definition gives.
  let handler: String
}

/// The signals a builder's UI definitions name handlers for: GtkBuilder hands them out
/// once (`gtk_builder_connect_signals_full` forgets them), so they are kept on the builder
/// in qdata and every later call reads the same list.
nonisolated enum BuilderSignals {
  private static let quark = g_quark_from_string("gtkreactive-builder-signals")

  /// The list, collected from the builder on first call (main thread).
  static func of(_ builder: UnsafeMutablePointer<GtkBuilder>) -> [BuilderSignal] {
    let object = UnsafeMutableRawPointer(builder).assumingMemoryBound(to: GObject.self)
    if let stored = g_object_get_qdata(object, quark) {
      return Unmanaged<BuilderSignalList>.fromOpaque(stored).takeUnretainedValue().signals
    }
    let list = BuilderSignalList()
    gtk_builder_connect_signals_full(
      builder, collectBuilderSignal, Unmanaged.passUnretained(list).toOpaque())
    g_object_set_qdata_full(
      object, quark, Unmanaged.passRetained(list).toOpaque(), releaseBuilderSignalList)
    return list.signals
  }
}

/// The box `BuilderSignals` keeps on a builder.
nonisolated final class BuilderSignalList: @unchecked Sendable {
  // @unchecked: filled and read on the main thread only.
  var signals: [BuilderSignal] = []
  private let liveObject = GtkBoxes.track()

  init() {}
  deinit { GtkBoxes.untrack(liveObject) }
}

/// `GtkBuilderConnectFunc`: records one signal instead of connecting it.
nonisolated private let collectBuilderSignal: GtkBuilderConnectFunc = {
  _, object, signal, handler, _, _, data in
  guard let object, let signal, let handler, let data else { return }
  let list = Unmanaged<BuilderSignalList>.fromOpaque(data).takeUnretainedValue()
  list.signals.append(
    BuilderSignal(
      object: WeakObjectRef(UnsafeMutableRawPointer(object)), signal: String(cString: signal),
      handler: String(cString: handler)))
}

/// The qdata destroy notify: the builder is finalized; release the list.
nonisolated private let releaseBuilderSignalList: GDestroyNotify = { data in
  Unmanaged<BuilderSignalList>.fromOpaque(data!).release()
}

// MARK: - Row order of keyed lists

/// The order of the rows a keyed `items` binding puts in a `GtkListBox` or `GtkFlowBox`:
/// each row carries its position as qdata, and the box sorts by it. Moving a row is then
/// a change of number and one re-sort, never a removal, so rows keep focus and selection.
nonisolated enum RowOrder {
  private static let position = g_quark_from_string("gtkreactive-row-position")

  /// Stores `index` on `row`.
  static func set(_ index: Int, on row: UnsafeMutableRawPointer) {
    g_object_set_qdata(
      row.assumingMemoryBound(to: GObject.self), position,
      UnsafeMutableRawPointer(bitPattern: index + 1))
  }

  /// The index stored on `row`, or `nil` for a row the binding did not place.
  static func index(of row: UnsafeMutableRawPointer?) -> Int? {
    guard let row else { return nil }
    let stored = Int(
      bitPattern: g_object_get_qdata(row.assumingMemoryBound(to: GObject.self), position))
    return stored == 0 ? nil : stored - 1
  }

  /// Forgets the index of `row` (it left the binding).
  static func clear(_ row: UnsafeMutableRawPointer) {
    g_object_set_qdata(row.assumingMemoryBound(to: GObject.self), position, nil)
  }

  /// Orders rows by stored index; rows without one go last.
  private static func compare(_ a: UnsafeMutableRawPointer?, _ b: UnsafeMutableRawPointer?)
    -> Int32
  {
    let first = index(of: a) ?? .max
    let second = index(of: b) ?? .max
    return first < second ? -1 : first == second ? 0 : 1
  }

  /// `GtkListBoxSortFunc` by stored index.
  static let listBoxSort: GtkListBoxSortFunc = { a, b, _ in
    compare(UnsafeMutableRawPointer(a), UnsafeMutableRawPointer(b))
  }

  /// `GtkFlowBoxSortFunc` by stored index.
  static let flowBoxSort: GtkFlowBoxSortFunc = { a, b, _ in
    compare(UnsafeMutableRawPointer(a), UnsafeMutableRawPointer(b))
  }
}
