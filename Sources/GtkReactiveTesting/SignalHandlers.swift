// Counting the signal handlers connected to an object, for leak tests of subscriptions.
import CGtk
import GtkReactive
import XCTest

/// The number of signal handlers connected to `object` — to every signal of its class,
/// its ancestors and its interfaces, or to the signal named `signal` only: `"clicked"`,
/// `"notify"` (handlers of every detail), `"notify::label"` (handlers of that detail).
/// A name the object has no signal for counts 0; the assertions fail on it instead.
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
  guard let signal else {
    return allSignalIDs(of: object).reduce(0) { count, id in
      count + unblockedHandlerCount(on: object.pointer, signal: id, detail: nil)
    }
  }
  guard let (id, detail) = parseSignal(signal, of: object) else { return 0 }
  return unblockedHandlerCount(on: object.pointer, signal: id, detail: detail)
}

/// Asserts that `expected` signal handlers are connected to `object` (to its signal
/// named `signal`, when given). See ``handlerCount(on:signal:)``.
@MainActor
public func assertHandlerCount(
  on object: Object, signal: String? = nil, _ expected: Int,
  file: StaticString = #filePath, line: UInt = #line
) {
  if let signal, parseSignal(signal, of: object) == nil {
    return XCTFail("a \(object.gTypeName) has no signal “\(signal)”", file: file, line: line)
  }
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

/// The id and detail (nil for none) of the signal `name` (`"notify::label"`) of `object`,
/// or nil when it has no such signal.
@MainActor
private func parseSignal(_ name: String, of object: Object) -> (UInt32, GQuark?)? {
  var id: UInt32 = 0
  var detail: GQuark = 0
  guard g_signal_parse_name(name, object.instanceType, &id, &detail, 0) != 0 else { return nil }
  return (id, name.contains("::") ? detail : nil)
}

/// The ids of the signals of `object`'s class, its ancestors and its interfaces.
@MainActor
private func allSignalIDs(of object: Object) -> [UInt32] {
  let type = object.instanceType
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

/// The number of unblocked handlers of the signal `id` (and `detail`, when given) on
/// `instance`.
///
/// GLib has no handler count, and before 2.78 `g_signal_handlers_block_matched` ignores
/// a match on the signal id alone; so each handler found is blocked, to find the next,
/// and all are unblocked again.
@MainActor
private func unblockedHandlerCount(
  on instance: UnsafeMutablePointer<GObject>, signal id: UInt32, detail: GQuark?
) -> Int {
  var mask = G_SIGNAL_MATCH_ID.rawValue | G_SIGNAL_MATCH_UNBLOCKED.rawValue
  if detail != nil { mask |= G_SIGNAL_MATCH_DETAIL.rawValue }
  var found: [UInt] = []
  while case let handler = g_signal_handler_find(
    instance, GSignalMatchType(mask), id, detail ?? 0, nil, nil, nil),
    handler != 0
  {
    g_signal_handler_block(instance, handler)
    found.append(handler)
  }
  for handler in found { g_signal_handler_unblock(instance, handler) }
  return found.count
}
