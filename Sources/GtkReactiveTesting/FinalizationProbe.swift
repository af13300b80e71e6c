// Counting finalized GObjects, for leak tests that must see objects actually freed.
import CGtk
import GtkReactive
import Synchronization

/// Counts how many of the objects it watches were finalized.
///
/// Uses qdata destroy notifiers, which GObject runs in finalize (unlike weak references,
/// which run in dispose, before the memory is freed). A leak test watches the objects it
/// made, drops every Swift reference, destroys the window, and checks the count:
///
/// ```swift
/// let probe = FinalizationProbe()
/// do {
///   let window = Window(title: "leaks")
///   probe.watch(window)
///   window.destroy()
/// }
/// runUntilIdle()
/// XCTAssertEqual(probe.finalized, probe.watched)
/// ```
@MainActor
public final class FinalizationProbe {
  /// How many objects `watch` was given.
  public private(set) var watched = 0

  private let start: Int

  /// A probe that has watched nothing yet.
  public init() { start = FinalizationProbe.total.load(ordering: .acquiring) }

  /// Counts `object` in `finalized` once GObject finalizes it.
  public func watch(_ object: Object) {
    watched += 1
    // Each watch needs its own key: a second value under one key would replace (and so
    // notify) the first.
    let key =
      "gtkreactivetesting-probe-\(FinalizationProbe.nextKey.add(1, ordering: .relaxed).newValue)"
    // NULL data would store nothing, so the notifier would never run.
    g_object_set_data_full(
      object.pointer, key, UnsafeMutableRawPointer(bitPattern: 1), countFinalization)
  }

  /// How many watched objects were finalized since this probe was made (objects other
  /// probes watch count too, so keep one probe per test).
  public var finalized: Int { FinalizationProbe.total.load(ordering: .acquiring) - start }

  nonisolated fileprivate static let total = Atomic<Int>(0)
  nonisolated private static let nextKey = Atomic<Int>(0)
}

/// Runs in finalize, on whichever thread dropped the last reference.
private let countFinalization: GDestroyNotify = { _ in
  FinalizationProbe.total.add(1, ordering: .relaxed)
}
