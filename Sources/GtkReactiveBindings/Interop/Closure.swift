// GObject's closures (`GClosure`) as a Swift class: a Swift function GTK can keep and call
// (an accelerator, a D-Bus object's method handler), or a closure C made.
import CGtk

/// A function GObject can keep and call: GLib's `GClosure`, which accelerators
/// (`AccelGroup.connect(accelKey:accelMods:accelFlags:closure:)`), accelerator labels and
/// D-Bus objects registered with closures take.
///
/// Made from a Swift function, it calls that function with the arguments C gives, each a
/// GValue read as the Swift type asked for, and returns what the function returns to the
/// caller's return GValue (converted to its type). Given by C (`AccelGroup`'s
/// `accel-changed` signal, `Widget.listAccelClosures()`), it holds a reference to C's
/// closure and can be invoked.
///
/// Two `Closure`s are equal when they hold the same C closure, so the one connected can
/// be disconnected by the one a signal reports.
///
/// ```swift
/// let save = Closure { arguments in
///   viewModel.save()
///   return true  // handled: an accelerator's closure returns a `gboolean`
/// }
/// group.connect(accelKey: UInt32(GDK_KEY_s), accelMods: .controlMask, accelFlags: [], closure: save)
/// ```
///
/// Ownership: the object holds one reference to the C closure, dropped in `deinit`; GTK
/// takes its own where it keeps the closure. The Swift function lives exactly as long as
/// the C closure: it is released once, when GLib finalizes the closure. GTK calls it on
/// the main thread, where it runs (a call from another thread stops with a message).
nonisolated public final class Closure: Hashable, @unchecked Sendable {
  // @unchecked: the pointer never changes; GLib counts a closure's references atomically.
  /// The `GClosure` this object holds a reference to.
  package let cPointer: UnsafeMutablePointer<GClosure>

  /// A closure that calls `body` with the arguments C invokes it with; what `body`
  /// returns is written to C's return value (when the caller expects one), converted to
  /// its type. Return `nil` for none.
  public init(_ body: @escaping @MainActor (ClosureArguments) -> (any GValueConvertible)?) {
    let data = Unmanaged.passRetained(ClosureBody(body)).toOpaque()
    let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), data)!
    g_closure_add_finalize_notifier(closure, data, releaseClosureBody)
    g_closure_set_marshal(closure, closureMarshal)
    // A new closure is floating: the reference this object holds is the one sunk.
    g_closure_ref(closure)
    g_closure_sink(closure)
    cPointer = closure
  }

  /// Adopts a reference C gives (`transfer full`).
  package init(takingOwnership pointer: UnsafeMutablePointer<GClosure>) {
    cPointer = pointer
  }

  /// Adopts a reference C gives (`transfer full`).
  package convenience init(takingOwnership pointer: OpaquePointer) {
    self.init(takingOwnership: UnsafeMutablePointer<GClosure>(pointer))
  }

  /// A new reference to a closure C lends.
  package convenience init(copying pointer: UnsafeMutablePointer<GClosure>) {
    self.init(takingOwnership: g_closure_ref(pointer))
  }

  /// A new reference to a closure C lends read-only.
  package convenience init(copying pointer: UnsafePointer<GClosure>) {
    self.init(copying: UnsafeMutablePointer(mutating: pointer))
  }

  /// A new reference to a closure C lends.
  package convenience init(copying pointer: OpaquePointer) {
    self.init(copying: UnsafeMutablePointer<GClosure>(pointer))
  }

  /// A new reference to a closure a signal or a GValue lends.
  package convenience init(copying pointer: UnsafeMutableRawPointer) {
    self.init(copying: pointer.assumingMemoryBound(to: GClosure.self))
  }

  deinit { g_closure_unref(cPointer) }

  /// Whether the closure was invalidated (its owner dropped it, an accelerator's group
  /// was finalized): invoking it then does nothing.
  public var isInvalid: Bool { cPointer.pointee.is_invalid != 0 }

  /// Calls the closure with `arguments` and reads its result as `R`; `nil` when it
  /// returned nothing or something that does not convert to `R`.
  @MainActor @discardableResult
  public func invoke<R: GValueConvertible>(
    _ arguments: [any GValueConvertible], returning: R.Type = R.self
  ) -> R? {
    var values = arguments.map { GValues.holding($0) }
    defer { for index in values.indices { g_value_unset(&values[index]) } }
    var result = GValue()
    g_value_init(&result, R.valueType)
    defer { g_value_unset(&result) }
    values.withUnsafeBufferPointer { buffer in
      g_closure_invoke(cPointer, &result, guint(buffer.count), buffer.baseAddress, nil)
    }
    return GValues.read(&result, as: R.self)
  }

  /// Calls the closure with `arguments`, expecting no result.
  @MainActor
  public func invoke(_ arguments: [any GValueConvertible]) {
    var values = arguments.map { GValues.holding($0) }
    defer { for index in values.indices { g_value_unset(&values[index]) } }
    values.withUnsafeBufferPointer { buffer in
      g_closure_invoke(cPointer, nil, guint(buffer.count), buffer.baseAddress, nil)
    }
  }

  /// Whether both hold the same C closure.
  public static func == (lhs: Closure, rhs: Closure) -> Bool { lhs.cPointer == rhs.cPointer }

  /// Hashes the C closure's address.
  public func hash(into hasher: inout Hasher) { hasher.combine(cPointer) }
}

nonisolated extension Closure: GValueConvertible {
  /// `G_TYPE_CLOSURE`.
  public static var valueType: GType { g_closure_get_type() }
  /// A new reference to the closure the value holds; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> Closure? {
    g_value_get_boxed(value).map { Closure(copying: $0) }
  }
  /// Stores the closure (the GValue takes its own reference).
  public func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_set_boxed(value, cPointer)
  }
}

/// The arguments C invokes a `Closure` with: GValues, each read as the Swift type asked
/// for (GLib converts compatible types). An accelerator's are the group, the object it
/// was activated on, the key and the modifiers.
nonisolated public struct ClosureArguments {
  private let values: UnsafePointer<GValue>?
  /// How many arguments there are.
  public let count: Int

  init(values: UnsafePointer<GValue>?, count: Int) {
    self.values = values
    self.count = values == nil ? 0 : count
  }

  /// Argument `index` (from 0) read as `V`; `nil` when there is no such argument or it
  /// does not convert to `V`.
  public func value<V: GValueConvertible>(_ index: Int, as type: V.Type = V.self) -> V? {
    guard let values, index >= 0, index < count else { return nil }
    return GValues.read(values + index, as: V.self)
  }
}

/// The Swift function of a closure made in Swift.
nonisolated private final class ClosureBody {
  let body: @MainActor (ClosureArguments) -> (any GValueConvertible)?
  init(_ body: @escaping @MainActor (ClosureArguments) -> (any GValueConvertible)?) {
    self.body = body
  }
}

/// Calls the Swift function on the main thread and writes its result.
nonisolated private let closureMarshal: GClosureMarshal = {
  closure, result, count, arguments, _, _ in
  guard let data = closure?.pointee.data else { return }
  let call = ClosureCall(
    body: Unmanaged<ClosureBody>.fromOpaque(data).takeUnretainedValue(),
    arguments: ClosureArguments(values: arguments, count: Int(count)), result: result)
  MainThread.assumeIsolated { call.run() }
}

/// One call of a closure made in Swift: its function, C's arguments and return value.
nonisolated private struct ClosureCall: @unchecked Sendable {
  // @unchecked: made and used during one C call, on the main thread (checked).
  let body: ClosureBody
  let arguments: ClosureArguments
  let result: UnsafeMutablePointer<GValue>?

  @MainActor func run() {
    let returned = body.body(arguments)
    if let result, cgtk_value_type(result) != 0, let returned {
      GValues.write(returned, to: result)
    }
  }
}

/// Releases the Swift function when GLib finalizes the closure: once.
nonisolated private let releaseClosureBody: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<ClosureBody>.fromOpaque(data).release()
}
