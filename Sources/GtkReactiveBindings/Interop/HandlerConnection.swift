// One GTK signal handler owned by Swift: connection, disconnection, and the C trampolines
// GLib calls.
import CGtk
import Reactive

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
/// The action lives in the subclass (`ActionConnection`), which overrides the `emit` of
/// each shape: a trampoline calls it, and it keeps the connection alive for the call (a
/// handler may dispose itself mid-call). The action (and the observer)
/// lives as long as the connection, which nothing holds after the end. The base keeps
/// no closures, so a connection pays for (and releases) only its own.
///
/// `dispose()` disconnects at most once, never after the handler ended, and never from
/// an instance already disposed (its handlers are gone: a widget destroyed inside one of
/// its own handlers ends the running handler's connection too).
///
/// A connection is a subscription's guard (`_SubscriptionGuard`): its end is claimed
/// once, by `dispose()` on any thread or by the instance's disposal, and disconnects
/// (`_endProducer()`). `subscribe(next:error:completed:)` on a generated signal gets the
/// connection itself as its guard (`ActionConnection`'s handlers), one object per
/// subscription; other subscriptions reach it as the producer's disposable of a guard of
/// the core.
package nonisolated class HandlerConnection: _SubscriptionGuard, @unchecked Sendable {
  // @unchecked: mutable state is touched only on the main thread (see `_endProducer()`);
  // the end's claim is the guard's atomic flag.
  private var instance: UnsafeMutableRawPointer?
  private var handlerID: gulong = 0
  private var holdsWeakReference = false
  /// The instance's shared weak reference, which knows whether it was disposed and
  /// lists the instance's live connections.
  ///
  /// Unretained: it is read only while `instance` is set, and the instance's qdata holds
  /// it until finalization, after the disposal that ends every listed connection (and
  /// clears `instance`). A retain here cost a retain and a release per subscription;
  /// it is used through `_withUnsafeGuaranteedRef`, which neither retains it.
  private let object: Unmanaged<WeakObjectRef>?
  /// The neighbours in `object`'s list of live connections (unretained: a connection
  /// leaves the list when it ends, before GLib's retain is given back).
  @exclusivity(unchecked) var previous: Unmanaged<HandlerConnection>?
  @exclusivity(unchecked) var next: Unmanaged<HandlerConnection>?

  /// A box while GLib holds the connection (its handler or weak reference), then a live
  /// object until it goes: a disposed subscription is the connection, which its owner may
  /// keep.
  @exclusivity(unchecked) private var liveObject = GtkBoxes.track()

  /// A connection to `object` (the instance's shared weak reference; `nil` for
  /// `watch`). Subclasses keep the action: they override the `emit` of their shape and
  /// `ended()`.
  ///
  /// Passed unretained as it is kept: an initializer's class argument is passed retained,
  /// and a `WeakObjectRef` argument cost a retain and a release per subscription.
  init(object: Unmanaged<WeakObjectRef>?) {
    self.object = object
    super.init(endingItself: true)
  }

  deinit { GtkBoxes.untrack(liveObject) }

  /// Connects this connection to the signal `key` of `instance` (the live object of
  /// `object`) with the trampoline for `shape` (its action's), on the main thread, by
  /// signal id (no name parsing per connect). A widget first selects the events the
  /// signal needs (`key.eventMask`). Returns nothing: returning `self` cost a retain and
  /// a release per subscription.
  final func connect(_ instance: UnsafeMutableRawPointer, key: SignalKey, shape: SignalShape) {
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
    object?._withUnsafeGuaranteedRef { $0.insert(self) }
  }

  /// Watches `instance` (a live GObject) without a signal: `onEnd` runs once when it is
  /// disposed (destroyed or finalized); `dispose()` stops watching.
  package static func watch(
    _ instance: UnsafeMutableRawPointer, onEnd: @escaping () -> Void
  ) -> HandlerConnection {
    let connection = ActionConnection<Never>(
      action: .noArguments { _ in false }, observer: Observer(completed: onEnd), object: nil)
    connection.instance = instance
    connection.holdsWeakReference = true
    g_object_weak_ref(
      instance.assumingMemoryBound(to: GObject.self), instanceDisposed,
      Unmanaged.passRetained(connection).toOpaque())
    return connection
  }

  /// The subscription ended (`dispose()`, or a terminal event): disconnects the handler,
  /// on the main thread; harmless when the instance is gone.
  override package final func _endProducer() {
    if MainThread.isCurrent {
      end(disconnecting: true)
    } else {
      MainThread.run { self.end(disconnecting: true) }
    }
  }

  /// The handler's end: from `dispose()` (disconnect, no `onEnd`) or from GLib (the
  /// instance died or the handler was dropped: run `onEnd`).
  final func end(disconnecting: Bool) {
    guard let instance else { return }
    self.instance = nil
    if holdsWeakReference {
      holdsWeakReference = false
      g_object_weak_unref(
        instance.assumingMemoryBound(to: GObject.self), instanceDisposed,
        Unmanaged.passUnretained(self).toOpaque())
      releaseGLibHold()
    }
    let id = handlerID
    handlerID = 0
    guard id != 0 else {  // `watch`: no handler
      if !disconnecting { ended() }
      return
    }
    object?._withUnsafeGuaranteedRef { $0.remove(self) }
    // Only ours to disconnect while the instance has its handlers: disposing it destroyed
    // them all (and ended every listed connection; the check guards the rest).
    if disconnecting, object?._withUnsafeGuaranteedRef({ $0.isDisposed }) != true {
      g_signal_handler_disconnect(instance, id)
    }
    if !disconnecting { ended() }
    // GLib's retain: the handler is gone, or a running emission skips it from now on
    // (and its `emit` holds the connection until it returns). The caller holds self.
    releaseGLibHold()
  }

  /// Gives back GLib's retain (of the handler or the weak reference); the caller holds
  /// the connection.
  private func releaseGLibHold() {
    GtkBoxes.handBack(&liveObject)
    Unmanaged.passUnretained(self).release()
  }

  /// The instance is being disposed: its weak references are being dropped (ours too),
  /// so GLib's retain is given back after the end.
  final func instanceWasDisposed() {
    holdsWeakReference = false
    instance = nil
    ended()
    releaseGLibHold()
  }

  /// The handler ended other than by `dispose()`; runs once. `ActionConnection` ends the
  /// subscription and completes its observer or handler (for `watch`, runs `onEnd`).
  func ended() {}

  // One emission of each shape, called by its trampoline, which holds no reference to
  // the connection: an override keeps it alive for the call (see `withConnection`).
  // Subclasses that connect the shape override it.

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

/// Runs `emission` with the connection of a handler's user data, taking no reference:
/// each `emit` keeps its connection alive for the call itself (a handler may dispose its
/// own subscription mid-call, or destroy the instance): an `ActionConnection` that is its
/// subscription's guard through the call's observer, which holds it, any other through
/// a retain of its own. A retain here as well cost a retain and a release per emission.
@inline(__always)
nonisolated private func withConnection<Result>(
  _ data: UnsafeMutableRawPointer?, _ emission: (HandlerConnection) -> Result
) -> Result {
  Unmanaged<HandlerConnection>.fromOpaque(data!)._withUnsafeGuaranteedRef(emission)
}

/// Any signal, connected swapped: the user data comes first and the rest is ignored.
nonisolated private let noArgumentTrampoline:
  @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
    withConnection(data) { $0.emit() } ? 1 : 0
  }

/// `(instance, one word-sized argument, user data) -> gboolean`.
nonisolated private let oneArgumentTrampoline:
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?)
    -> gboolean = { _, argument, data in
      withConnection(data) { $0.emit(argument) } ? 1 : 0
    }

/// `(instance, argument, argument, user data) -> gboolean`.
nonisolated private let twoArgumentTrampoline:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
    UnsafeMutableRawPointer?
  ) -> gboolean = { _, first, second, data in
    withConnection(data) { $0.emit(first, second) } ? 1 : 0
  }

/// `(instance, argument, argument, argument, user data) -> gboolean`.
nonisolated private let threeArgumentTrampoline:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
  ) -> gboolean = { _, first, second, third, data in
    withConnection(data) { $0.emit(first, second, third) } ? 1 : 0
  }

/// A GValue-marshalled handler: hands the arguments and the return slot to the action.
nonisolated private let valuesMarshal: GClosureMarshal = {
  closure, result, count, arguments, _, _ in
  guard let closure, let arguments, let data = closure.pointee.data else { return }
  withConnection(data) {
    $0.emit(GValueArguments(values: arguments, count: Int(count)), result: result)
  }
}

/// The instance is being disposed (destroyed or finalized); release the weak-ref retain.
nonisolated private let instanceDisposed: GWeakNotify = { data, _ in
  Unmanaged<HandlerConnection>.fromOpaque(data!).takeUnretainedValue().instanceWasDisposed()
}
