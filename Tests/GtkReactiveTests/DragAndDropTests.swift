// Files dropped on a widget arrive as URIs; a drag source hands out the URIs it is given.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class DragAndDropTests: GtkTestCase {
  func testADropOfFilesSendsTheirURIsWhileSubscribed() throws {
    try gtk {
      let window = Window(type: .toplevel)
      defer { window.destroy() }
      let widget = window.pointer(as: GtkWidget.self)
      let drops = Recorder(window.rx.droppedURIs)
      XCTAssertNotNil(gtk_drag_dest_get_target_list(widget), "a drop target while subscribed")
      let uris = ["file:///photos/a%20b.png", "file:///photos/folder"]
      let selection = try XCTUnwrap(Self.uriSelection(uris))
      defer { gtk_selection_data_free(selection) }
      Self.emit("drag-data-received", on: window, selection: selection)
      XCTAssertEqual(drops.values, [uris])
      drops.subscription?.dispose()
      XCTAssertNil(gtk_drag_dest_get_target_list(widget), "no longer a drop target")
      Self.emit("drag-data-received", on: window, selection: selection)
      XCTAssertEqual(drops.values.count, 1)
    }
  }

  func testADragSourceFillsTheSelectionWithItsURIsAtTheDrop() throws {
    try gtk {
      let area = DrawingArea()
      var current = "file:///photos/one.png"
      let source = area.offerDraggedURIs { [current] }
      XCTAssertNotNil(gtk_drag_source_get_target_list(area.pointer(as: GtkWidget.self)))
      current = "file:///photos/two.png"
      let selection = try XCTUnwrap(Self.uriSelection(["file:///elsewhere"]))
      defer { gtk_selection_data_free(selection) }
      Self.emit("drag-data-get", on: area, selection: selection)
      XCTAssertEqual(Self.uris(in: selection), ["file:///photos/two.png"], "asked at the drop")
      source.dispose()
      XCTAssertNil(gtk_drag_source_get_target_list(area.pointer(as: GtkWidget.self)))
    }
  }

  func testASourceThatStartsItsOwnDragsIsNoGtkDragSource() throws {
    gtk {
      let area = DrawingArea()
      let source = area.offerDraggedURIs(startingWith: nil) { ["file:///p.png"] }
      XCTAssertNil(
        gtk_drag_source_get_target_list(area.pointer(as: GtkWidget.self)),
        "GTK starts nothing by itself")
      source.dispose()
    }
  }

  // MARK: Helpers

  /// The URIs a selection holds.
  private static func uris(in selection: OpaquePointer) -> [String] {
    guard let list = gtk_selection_data_get_uris(selection) else { return [] }
    defer { g_strfreev(list) }
    var uris: [String] = []
    var index = 0
    while let uri = list[index] {
      uris.append(String(cString: uri))
      index += 1
    }
    return uris
  }

  private nonisolated(unsafe) static var offered: [String] = []

  /// A `text/uri-list` selection holding `uris`, made the way GTK makes one for a drop:
  /// converted from a selection this process owns (GTK has no public constructor).
  private static func uriSelection(_ uris: [String]) -> OpaquePointer? {
    offered = uris
    let display = gdk_display_get_default()
    let atom = gdk_atom_intern("GTKREACTIVE_TEST_DND", 0)
    let clipboard = gtk_clipboard_get_for_display(display, atom)
    let target = strdup("text/uri-list")
    defer { free(target) }
    var entry = GtkTargetEntry(target: target, flags: 0, info: 0)
    let provide: GtkClipboardGetFunc = { _, selection, _, _ in
      var copies = DragAndDropTests.offered.map { strdup($0) } + [nil]
      defer { copies.forEach { free($0) } }
      _ = copies.withUnsafeMutableBufferPointer {
        gtk_selection_data_set_uris(selection, $0.baseAddress)
      }
    }
    guard gtk_clipboard_set_with_data(clipboard, &entry, 1, provide, nil, nil) != 0 else {
      return nil
    }
    defer { gtk_clipboard_clear(clipboard) }
    return gtk_clipboard_wait_for_contents(clipboard, gdk_atom_intern("text/uri-list", 0))
  }

  /// Emits the drag signal `name` on `widget` with `selection` and no drag context, as
  /// GTK would at a drop.
  @MainActor
  private static func emit(_ name: String, on widget: Widget, selection: OpaquePointer) {
    let id = g_signal_lookup(name, gtk_widget_get_type())
    var query = GSignalQuery()
    g_signal_query(id, &query)
    var values = [GValue](repeating: GValue(), count: Int(query.n_params) + 1)
    g_value_init(&values[0], gtk_widget_get_type())
    g_value_set_object(&values[0], widget.pointer)
    for index in 0..<Int(query.n_params) {
      let type = query.param_types[index] & ~GType(1)  // G_SIGNAL_TYPE_STATIC_SCOPE
      g_value_init(&values[index + 1], type)
      if type == gtk_selection_data_get_type() {
        // Not copied, as GTK passes it (G_SIGNAL_TYPE_STATIC_SCOPE): a handler writes to it.
        g_value_set_static_boxed(&values[index + 1], UnsafeRawPointer(selection))
      }
    }
    g_signal_emitv(values, id, 0, nil)
    for index in values.indices { g_value_unset(&values[index]) }
  }
}
