// A clipboard's contents handed to GTK as `gtk_clipboard_set_with_data`'s user data.
import CGtk

/// The C side of ``Clipboard/setContents(_:)``: the contents boxed as the user data of
/// `gtk_clipboard_set_with_data`, whose get function answers each request from the box
/// and whose clear function releases it (GTK calls it when another owner takes the
/// clipboard, on `gtk_clipboard_clear`, or when the same clipboard is set again).
nonisolated enum ClipboardOffer {
  /// The `info` of the targets GTK adds for text, URIs and images; raw targets are
  /// numbered from 0 by their place in `ClipboardContents.targets`.
  private static let textInfo: UInt32 = 1 << 30
  private static let urisInfo: UInt32 = textInfo + 1
  private static let imageInfo: UInt32 = textInfo + 2

  /// The contents a clipboard offers, alive while GTK holds them.
  private final class Box {
    let contents: ClipboardContents
    let ticket = GtkBoxes.track()
    init(_ contents: ClipboardContents) { self.contents = contents }
    deinit { GtkBoxes.untrack(ticket) }
  }

  /// Offers `contents` on `clipboard`; returns whether GTK took them.
  @MainActor static func offer(_ contents: ClipboardContents, on clipboard: OpaquePointer) -> Bool {
    let list = gtk_target_list_new(nil, 0)
    defer { gtk_target_list_unref(list) }
    for (index, target) in contents.targets.enumerated() {
      gtk_target_list_add(list, gdk_atom_intern(target.name, 0), 0, UInt32(index))
    }
    if !contents.uris.isEmpty { gtk_target_list_add_uri_targets(list, urisInfo) }
    if contents.image != nil { gtk_target_list_add_image_targets(list, imageInfo, 1) }
    if contents.text != nil { gtk_target_list_add_text_targets(list, textInfo) }
    var count: Int32 = 0
    let table = gtk_target_table_new_from_list(list, &count)
    defer { gtk_target_table_free(table, count) }
    let box = Unmanaged.passRetained(Box(contents)).toOpaque()
    let taken = gtk_clipboard_set_with_data(clipboard, table, UInt32(count), provide, clear, box)
    // Refused, GTK never calls the clear function: the box is ours to release.
    if taken == 0 { Unmanaged<Box>.fromOpaque(box).release() }
    return taken != 0
  }

  /// Answers one request: the form `info` names, from the box.
  private static let provide: GtkClipboardGetFunc = { _, selection, info, data in
    guard let selection, let data else { return }
    // As addresses: GTK calls on the main thread, where they are used.
    let request = (
      selection: UInt(bitPattern: UnsafeRawPointer(selection)), box: UInt(bitPattern: data)
    )
    MainThread.assumeIsolated {
      guard let selection = UnsafeRawPointer(bitPattern: request.selection),
        let box = UnsafeMutableRawPointer(bitPattern: request.box)
      else { return }
      answer(OpaquePointer(selection), info: info, from: box)
    }
  }

  /// Fills `selection` with the form `info` names, from the contents in `box`.
  @MainActor
  private static func answer(
    _ selection: OpaquePointer, info: UInt32, from box: UnsafeMutableRawPointer
  ) {
    let contents = Unmanaged<Box>.fromOpaque(box).takeUnretainedValue().contents
    switch info {
    case textInfo:
      _ = contents.text.map { gtk_selection_data_set_text(selection, $0, -1) }
    case urisInfo:
      var strings = contents.uris.map { strdup($0) } + [nil]
      defer { for string in strings { free(string) } }
      strings.withUnsafeMutableBufferPointer { buffer in
        _ = gtk_selection_data_set_uris(selection, buffer.baseAddress)
      }
    case imageInfo:
      if let image = contents.image {
        _ = gtk_selection_data_set_pixbuf(selection, image.opaque)
      }
    default:
      guard contents.targets.indices.contains(Int(info)) else { return }
      let target = contents.targets[Int(info)]
      target.bytes.withUnsafeBufferPointer { bytes in
        gtk_selection_data_set(
          selection, gdk_atom_intern(target.name, 0), 8, bytes.baseAddress, Int32(bytes.count))
      }
    }
  }

  /// Releases the box when GTK drops the contents.
  private static let clear: GtkClipboardClearFunc = { _, data in
    guard let data else { return }
    Unmanaged<Box>.fromOpaque(data).release()
  }
}
