// The handler names of a GtkBuilder's UI definitions.
import CGtk

/// One `<signal name="clicked" handler="onSave"/>` of a UI definition.
package nonisolated struct BuilderSignal {
  /// The object the signal belongs to (alive as long as the builder holds it).
  package let object: WeakObjectRef
  /// The signal's name, with `::detail` when detailed.
  package let signal: String
  /// The handler name the UI definition gives.
  package let handler: String
}

/// The signals a builder's UI definitions name handlers for: GtkBuilder hands them out
/// once (`gtk_builder_connect_signals_full` forgets them), so they are kept on the builder
/// in qdata and every later call reads the same list.
package nonisolated enum BuilderSignals {
  private static let quark = g_quark_from_string("gtkreactive-builder-signals")

  /// The list, collected from the builder on first call (main thread).
  package static func of(_ builder: UnsafeMutablePointer<GtkBuilder>) -> [BuilderSignal] {
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
