// Swift closures as the callbacks GTK's functions take (`GtkListBoxFilterFunc`,
// `GtkClipboardTextReceivedFunc`…) with their user data.
import CGtk

/// A Swift closure passed to C as a callback's user data. Generated members
/// (`ListBox.setFilterFunc(_:)`) convert C's arguments to Swift values in the closure they
/// box; the generated trampolines (`Generated/CallbackTrampolines.swift`) only find the box and call
/// it, so one trampoline per C callback type serves every member.
///
/// Who frees the box follows GObject Introspection's scope of the callback:
/// - *call* (`foreach`): the member releases it when the C function returns;
/// - *notified* (a sort or filter function): GTK releases it through `destroyNotify`
///   when it drops the function (another one is set, or the widget is finalized);
/// - *async* (a clipboard request): the trampoline releases it after its one call.
///
/// GTK calls these callbacks on the main thread; a member whose callback runs elsewhere
/// (`g_dbus_connection_add_filter`) is left out in the generator's configuration.
nonisolated package enum Callbacks {
  /// The box: the closure, typed as the generated member made it.
  private final class Box {
    let body: Any
    init(_ body: Any) { self.body = body }
  }

  /// `body` retained as a callback's user data; release it with `release(_:)` or
  /// `destroyNotify`.
  package static func retain(_ body: Any) -> gpointer {
    Unmanaged.passRetained(Box(body)).toOpaque()
  }

  /// Releases a box `retain(_:)` made (nothing for `nil`).
  package static func release(_ data: gpointer?) {
    guard let data else { return }
    Unmanaged<Box>.fromOpaque(data).release()
  }

  /// A new reference to `object` for a callback that gives one to GTK (transfer full:
  /// a `GtkListBoxCreateWidgetFunc`'s row widget).
  @MainActor package static func givingReference(_ object: Object) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(g_object_ref(object.pointer))!
  }

  /// Keeps `data` (a box `retain(_:)` made) on the GObject `owner` under `key`, for a
  /// callback GTK calls without user data but with that object (a menu's detacher):
  /// released when another box is kept in its place or the object is finalized.
  package static func keep(_ data: gpointer?, on owner: UnsafeMutableRawPointer, key: String) {
    g_object_set_qdata_full(
      owner.assumingMemoryBound(to: GObject.self), g_quark_from_string(key), data,
      destroyNotify)
  }

  /// Calls `call` with the box kept on `owner` under `key`; with `once`, releases it
  /// afterwards unless the call kept another in its place.
  package static func callKept<R>(
    on owner: UnsafeMutableRawPointer?, key: String, once: Bool, _ call: (gpointer?) -> R
  ) -> R {
    guard let object = owner?.assumingMemoryBound(to: GObject.self) else {
      preconditionFailure("a GTK callback without the object its closure is kept on")
    }
    let quark = g_quark_from_string(key)
    let data = g_object_get_qdata(object, quark)
    defer {
      if once, let data, g_object_get_qdata(object, quark) == data {
        g_object_set_qdata(object, quark, nil)  // releases the box
      }
    }
    return call(data)
  }

  /// The `GDestroyNotify` that releases a box when GTK drops a notified callback.
  package static let destroyNotify: GDestroyNotify = { data in release(data) }

  /// Calls the boxed closure of a callback with no arguments but its user data.
  package static func call<R>(_ data: gpointer?, once: Bool = false) -> R {
    invoke(data, once: once, ()) { (body: @MainActor () -> R, _: Void) in body() }
  }

  /// Calls the boxed closure with one C argument.
  package static func call<A0, R>(_ data: gpointer?, once: Bool = false, _ a0: A0) -> R {
    invoke(data, once: once, a0) { (body: @MainActor (A0) -> R, a: A0) in body(a) }
  }

  /// Calls the boxed closure with two C arguments.
  package static func call<A0, A1, R>(
    _ data: gpointer?, once: Bool = false, _ a0: A0, _ a1: A1
  ) -> R {
    invoke(data, once: once, (a0, a1)) { (body: @MainActor (A0, A1) -> R, a: (A0, A1)) in
      body(a.0, a.1)
    }
  }

  /// Calls the boxed closure with three C arguments.
  package static func call<A0, A1, A2, R>(
    _ data: gpointer?, once: Bool = false, _ a0: A0, _ a1: A1, _ a2: A2
  ) -> R {
    invoke(data, once: once, (a0, a1, a2)) {
      (body: @MainActor (A0, A1, A2) -> R, a: (A0, A1, A2)) in body(a.0, a.1, a.2)
    }
  }

  /// Calls the boxed closure with four C arguments.
  package static func call<A0, A1, A2, A3, R>(
    _ data: gpointer?, once: Bool = false, _ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3
  ) -> R {
    invoke(data, once: once, (a0, a1, a2, a3)) {
      (body: @MainActor (A0, A1, A2, A3) -> R, a: (A0, A1, A2, A3)) in
      body(a.0, a.1, a.2, a.3)
    }
  }

  /// Calls the boxed closure with five C arguments.
  package static func call<A0, A1, A2, A3, A4, R>(
    _ data: gpointer?, once: Bool = false, _ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4
  ) -> R {
    invoke(data, once: once, (a0, a1, a2, a3, a4)) {
      (body: @MainActor (A0, A1, A2, A3, A4) -> R, a: (A0, A1, A2, A3, A4)) in
      body(a.0, a.1, a.2, a.3, a.4)
    }
  }

  /// Calls the boxed closure with six C arguments.
  package static func call<A0, A1, A2, A3, A4, A5, R>(
    _ data: gpointer?, once: Bool = false, _ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4,
    _ a5: A5
  ) -> R {
    invoke(data, once: once, (a0, a1, a2, a3, a4, a5)) {
      (body: @MainActor (A0, A1, A2, A3, A4, A5) -> R, a: (A0, A1, A2, A3, A4, A5)) in
      body(a.0, a.1, a.2, a.3, a.4, a.5)
    }
  }

  /// Calls the boxed closure with seven C arguments.
  package static func call<A0, A1, A2, A3, A4, A5, A6, R>(
    _ data: gpointer?, once: Bool = false, _ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4,
    _ a5: A5, _ a6: A6
  ) -> R {
    invoke(data, once: once, (a0, a1, a2, a3, a4, a5, a6)) {
      (body: @MainActor (A0, A1, A2, A3, A4, A5, A6) -> R, a: (A0, A1, A2, A3, A4, A5, A6)) in
      body(a.0, a.1, a.2, a.3, a.4, a.5, a.6)
    }
  }

  /// Runs a throwing callback's Swift closure for C: `TRUE` when it returned, else
  /// `FALSE` with what it threw set in `location` (a `GLibError` as itself, any other
  /// error as GIO's `G_IO_ERROR_FAILED` with its description), which C frees.
  @MainActor package static func reporting(
    into location: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?,
    _ body: () throws -> Void
  ) -> gboolean {
    do {
      try body()
      return 1
    } catch let failure as GLibError {
      location?.pointee = GLibErrors.make(failure)
    } catch {
      location?.pointee = g_error_new_literal(
        g_io_error_quark(), Int32(G_IO_ERROR_FAILED.rawValue), "\(error)")
    }
    return 0
  }

  /// Finds the box of `data`, checks that its closure has the type the trampoline calls
  /// (a mismatch is a generator bug: it stops here with both types, never calls a wrong
  /// function), and runs `apply` on the main actor, where GTK calls back.
  private static func invoke<Body, Arguments, R>(
    _ data: gpointer?, once: Bool, _ arguments: Arguments,
    _ apply: @MainActor (Body, Arguments) -> R
  ) -> R {
    guard let data else { preconditionFailure("a GTK callback without its user data") }
    let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
    defer { if once { release(data) } }
    guard let body = box.body as? Body else {
      preconditionFailure("callback of type \(type(of: box.body)) called as \(Body.self)")
    }
    return withoutActuallyEscaping(apply) { apply in
      let call = Unchecked(value: (apply, body, arguments))
      return MainActor.assumeIsolated {
        Unchecked(value: call.value.0(call.value.1, call.value.2))
      }.value
    }
  }

  /// A value that stays on the thread it was made on, whatever its type says (C pointers
  /// GTK calls back with never leave the main thread).
  private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
  }
}
