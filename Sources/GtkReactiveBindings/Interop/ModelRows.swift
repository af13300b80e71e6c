// The row factory GTK calls when a list or flow box is bound to a GListModel.
import CGtk

/// The Swift closure that makes a row widget for an item of a bound model, owned by GTK
/// (`gtk_list_box_bind_model` / `gtk_flow_box_bind_model` release it with their destroy
/// notify: when the model is unbound, replaced, or the box is finalized).
package nonisolated final class ModelRows: @unchecked Sendable {
  // @unchecked: GTK calls the factory on the main thread only.
  private let makeRow: (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer

  private let liveObject = GtkBoxes.track()

  package init(_ makeRow: @escaping (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer) {
    self.makeRow = makeRow
  }

  deinit { GtkBoxes.untrack(liveObject) }

  /// User data, GTK's factory function and its destroy notify.
  package var callbacks:
    (
      data: UnsafeMutableRawPointer,
      create: @convention(c) (gpointer?, gpointer?) -> UnsafeMutablePointer<GtkWidget>?,
      destroy: GDestroyNotify
    )
  {
    (Unmanaged.passRetained(self).toOpaque(), createRow, releaseRows)
  }

  fileprivate func row(for item: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    makeRow(item)
  }
}

/// `GtkListBoxCreateWidgetFunc` / `GtkFlowBoxCreateWidgetFunc`: a new reference to the
/// row of `item` (GTK takes it).
nonisolated private let createRow:
  @convention(c) (gpointer?, gpointer?) -> UnsafeMutablePointer<GtkWidget>? = { item, data in
    Unmanaged<ModelRows>.fromOpaque(data!).takeUnretainedValue().row(for: item!)
      .assumingMemoryBound(to: GtkWidget.self)
  }

nonisolated private let releaseRows: GDestroyNotify = { data in
  Unmanaged<ModelRows>.fromOpaque(data!).release()
}
