// The answer of a `drag-data-get` or `selection-get` subscriber, written into the
// `GtkSelectionData` GTK lends the handler.
import CGtk

/// Fills the selection data of a request with the form of a `ClipboardContents` the
/// request's target asks for: what the generated `rx.dragDataGet` and `rx.selectionGet`
/// do with the result a subscriber sets, while GTK still lends the C data.
@MainActor
package enum SelectionReplies {
  /// Writes into `selection` the form of `contents` its target names: a raw target of
  /// that name first (as `Clipboard.setContents` offers them first), else the URI list
  /// for a URI target, the image for an image target, the text for a text target.
  /// Contents without that form write nothing, and the requester gets no data, as from a
  /// C handler that returns without filling it in.
  package static func fill(_ selection: UnsafeMutableRawPointer?, with contents: ClipboardContents)
  {
    guard let selection else { return }
    let data = OpaquePointer(selection)
    var target = gtk_selection_data_get_target(data)
    let name = Atoms.name(target)
    if let raw = contents.targets.first(where: { $0.name == name }) {
      raw.bytes.withUnsafeBufferPointer { bytes in
        gtk_selection_data_set(data, target, 8, bytes.baseAddress, Int32(clamping: bytes.count))
      }
    } else if !contents.uris.isEmpty, gtk_targets_include_uri(&target, 1) != 0 {
      DragAndDrop.set(contents.uris, in: selection)
    } else if let image = contents.image, gtk_targets_include_image(&target, 1, 1) != 0 {
      _ = gtk_selection_data_set_pixbuf(data, image.opaque)
    } else if let text = contents.text, gtk_targets_include_text(&target, 1) != 0 {
      _ = gtk_selection_data_set_text(data, text, -1)
    }
  }
}
