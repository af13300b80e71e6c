// Counting the signal handlers connected to an object, for leak tests of subscriptions.
import CGtk
import GtkReactive
import XCTest

/// The number of signal handlers connected to `object` — to every signal of its class,
/// its ancestors and its interfaces, or to the signal named `signal` only (`"clicked"`,
/// `"notify"`; details such as `notify::label` count under their signal).
///
/// A subscription to `button.rx.clicked` connects one handler and its disposal
/// disconnects it; compare counts around a subscription's life to prove nothing stays
/// connected. GTK connects a few handlers of its own to some widgets, which this counts
/// too (a button's click gesture listens to its `grab-notify`, an entry to its
/// `realize`): count one signal, or compare with a count taken before subscribing.
///
/// Handlers that are blocked at the moment of counting do not count: GLib offers no way
/// to find them.
///
/// - Complexity: O(*s* + *h*²) for *s* signals and at most *h* handlers per signal.
@MainActor
public func handlerCount(on object: Object, signal: String? = nil) -> Int {
  signalIDs(of: object, named: signal).reduce(0) { count, id in
    count + unblockedHandlerCount(on: object.pointer, signal: id)
  }
}

/// Asserts that `expected` signal handlers are connected to `object` (to its signal
/// named `signal`, when given). See ``handlerCount(on:signal:)``.
@MainActor
public func assertHandlerCount(
  on object: Object, signal: String? = nil, _ expected: Int,
  file: StaticString = #filePath, line: UInt = #line
) {
  let count = handlerCount(on: object, signal: signal)
  let what = signal.map { "“\($0)” of " } ?? ""
  XCTAssertEqual(
    count, expected, "signal handlers connected to \(what)the \(object.gTypeName)",
    file: file, line: line)
}

/// Asserts that no signal handler is connected to `object` (to its signal named
/// `signal`, when given). See ``handlerCount(on:signal:)``.
@MainActor
public func assertNoHandlers(
  on object: Object, signal: String? = nil, file: StaticString = #filePath,
  line: UInt = #line
) {
  assertHandlerCount(on: object, signal: signal, 0, file: file, line: line)
}

/// The ids of the signals `object` has: those of its class, its ancestors and its
/// interfaces, or the one named `name` (none if it has no such signal).
@MainActor
private func signalIDs(of object: Object, named name: String?) -> [UInt32] {
  let type = object.instanceType
  if let name {
    let id = g_signal_lookup(name, type)
    return id == 0 ? [] : [id]
  }
  var types: [GType] = []
  var ancestor = type
  while ancestor != 0 {
    types.append(ancestor)
    ancestor = g_type_parent(ancestor)
  }
  var interfaceCount: UInt32 = 0
  if let interfaces = g_type_interfaces(type, &interfaceCount) {
    types += UnsafeBufferPointer(start: interfaces, count: Int(interfaceCount))
    g_free(interfaces)
  }
  return types.flatMap { type -> [UInt32] in
    var count: UInt32 = 0
    guard let ids = g_signal_list_ids(type, &count) else { return [] }
    defer { g_free(ids) }
    return Array(UnsafeBufferPointer(start: ids, count: Int(count)))
  }
}

/// The number of unblocked handlers of the signal `id` on `instance`.
///
/// GLib has no handler count, and before 2.78 `g_signal_handlers_block_matched` ignores
/// a match on the signal id alone; so each handler found is blocked, to find the next,
/// and all are unblocked again.
@MainActor
private func unblockedHandlerCount(on instance: UnsafeMutablePointer<GObject>, signal id: UInt32)
  -> Int
{
  let match = GSignalMatchType(G_SIGNAL_MATCH_ID.rawValue | G_SIGNAL_MATCH_UNBLOCKED.rawValue)
  var found: [UInt] = []
  while case let handler = g_signal_handler_find(instance, match, id, 0, nil, nil, nil),
    handler != 0
  {
    g_signal_handler_block(instance, handler)
    found.append(handler)
  }
  for handler in found { g_signal_handler_unblock(instance, handler) }
  return found.count
}
