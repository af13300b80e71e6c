// Files dropped on a widget arrive as URIs; a drag source hands out the URIs it is given.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class DragAndDropTests: GtkTestCase {
  func testADropOfFilesSendsTheirURIsWhileSubscribed() {
    gtk {
      let (window, area) = Self.window(with: DrawingArea())
      defer { window.destroy() }
      let widget = area.pointer(as: GtkWidget.self)
      let drops = Recorder(area.rx.droppedURIs)
      XCTAssertNotNil(gtk_drag_dest_get_target_list(widget), "a drop target while subscribed")
      let uris = ["file:///photos/a%20b.png", "file:///photos/folder"]
      XCTAssertTrue(drop(uris: uris, on: area))
      XCTAssertEqual(drops.values, [uris])
      drops.subscription?.dispose()
      XCTAssertNil(gtk_drag_dest_get_target_list(widget), "no longer a drop target")
      XCTAssertFalse(drop(uris: uris, on: area))
      XCTAssertEqual(drops.values.count, 1)
    }
  }

  func testTwoSubscriptionsShareTheDropTargetUntilTheLastEnds() {
    gtk {
      let (window, area) = Self.window(with: DrawingArea())
      defer { window.destroy() }
      let first = Recorder(area.rx.droppedURIs)
      let second = Recorder(area.rx.droppedURIs)
      first.subscription?.dispose()
      XCTAssertTrue(drop(uris: ["file:///a.md"], on: area), "still a target for the second")
      XCTAssertEqual(second.values, [["file:///a.md"]])
      XCTAssertEqual(first.values, [])
      second.subscription?.dispose()
      XCTAssertNil(gtk_drag_dest_get_target_list(area.pointer(as: GtkWidget.self)))
    }
  }

  func testFilesDroppedOnATextViewArriveAndTextDropsStillEdit() {
    gtk {
      let (window, editor) = Self.window(with: TextView())
      defer { window.destroy() }
      editor.buffer?.text = "notes"
      let files = Recorder(editor.rx.droppedURIs)
      // As a file manager drags: the URI list and the same URIs as text.
      XCTAssertTrue(drop(uris: ["file:///notes/todo.md"], on: editor))
      XCTAssertEqual(files.values, [["file:///notes/todo.md"]])
      XCTAssertEqual(editor.buffer?.text, "notes", "the URIs are not inserted as text")
      // Below the text: inserted at its end.
      XCTAssertTrue(drop(text: " more", on: editor))
      XCTAssertEqual(editor.buffer?.text, "notes more", "the editor keeps its text drops")
      XCTAssertEqual(files.values.count, 1)
      files.subscription?.dispose()
      XCTAssertTrue(drop(text: " again", on: editor), "still a text target")
      XCTAssertEqual(editor.buffer?.text, "notes more again")
    }
  }

  func testAReadOnlyTextViewTakesFilesAndRefusesText() {
    gtk {
      let (window, preview) = Self.window(with: TextView())
      defer { window.destroy() }
      preview.isEditable = false
      let files = Recorder(preview.rx.droppedURIs)
      XCTAssertTrue(drop(uris: ["file:///a.md"], on: preview))
      XCTAssertEqual(files.values, [["file:///a.md"]])
      XCTAssertFalse(drop(text: "x", on: preview))
      files.subscription?.dispose()
    }
  }

  func testAWindowAndItsEditorTakeFilesDroppedAnywhereOnIt() {
    gtk {
      let window = Window(type: .toplevel)
      defer { window.destroy() }
      window.setDefaultSize(300, height: 200)
      let box = Box(orientation: .vertical, spacing: 0)
      let label = Label("drop files here")
      let editor = TextView()
      editor.expandsVertically = true
      box.add(label)
      box.add(editor)
      window.add(box)
      window.showAll()
      runUntilIdle()
      let files = Recorder(Signal.merge([window.rx.droppedURIs, editor.rx.droppedURIs]))
      XCTAssertTrue(drop(uris: ["file:///over/the/label"], on: label))
      XCTAssertTrue(drop(uris: ["file:///over/the/editor"], on: editor))
      XCTAssertEqual(files.values, [["file:///over/the/label"], ["file:///over/the/editor"]])
      XCTAssertEqual(editor.buffer?.text, "")
      files.subscription?.dispose()
    }
  }

  func testDestroyingTheWidgetsCompletesTheirDropsAndFreesEveryBox() {
    gtk {
      let boxes = GtkBoxCount.current
      var completions = 0
      do {
        let (window, editor) = Self.window(with: TextView())
        let count = { completions += 1 }
        _ = editor.rx.droppedURIs.subscribe(completed: count)
        _ = window.rx.droppedURIs.subscribe(completed: count)
        window.destroy()
      }
      runUntilIdle()
      XCTAssertEqual(completions, 2)
      XCTAssertEqual(GtkBoxCount.current, boxes, "no handler outlives the widgets")
    }
  }

  func testTheRawDragSignalsAreTyped() {
    gtk {
      let (window, area) = Self.window(with: DrawingArea())
      defer { window.destroy() }
      area.dragDestSet([], targets: ["text/uri-list"], actions: .copy)
      var offered: [String] = []
      var received: [SelectionData] = []
      let subscriptions = CompositeDisposable([
        area.rx.dragMotion.subscribe(next: { motion in
          let (context, _, _, time) = motion.arguments
          offered = context.targets
          context.status(area.dragDestFindTarget(context) == nil ? [] : .copy, time: time)
          motion.result = true
        }),
        area.rx.dragDrop.subscribe(next: { drop in
          let (context, _, _, time) = drop.arguments
          area.dragGetData(context, target: "text/uri-list", time: time)
          drop.result = true
        }),
        area.rx.dragDataReceived.subscribe(next: { data in
          received.append(data.data)
          data.context.finish(success: true, time: data.time)
        }),
      ])
      defer { subscriptions.dispose() }
      XCTAssertTrue(drop(uris: ["file:///a%20b.png"], on: area))
      XCTAssertEqual(
        offered, ["text/uri-list", "UTF8_STRING", "text/plain;charset=utf-8", "text/plain"])
      XCTAssertEqual(received.count, 1)
      XCTAssertEqual(received.first?.selection, "XdndSelection")
      XCTAssertEqual(received.first?.target, "text/uri-list")
      XCTAssertEqual(received.first?.uris, ["file:///a%20b.png"])
      XCTAssertEqual(received.first?.text, nil, "a URI list is not text")
      XCTAssertTrue(received.first?.isValid == true)
      XCTAssertFalse(drop(text: "plain", on: area), "the site refuses text")
      area.dragDestUnset()
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

  /// A shown window of 300 × 200 that `widget` fills.
  @MainActor
  private static func window<W: Widget>(with widget: W) -> (Window, W) {
    let window = Window(type: .toplevel)
    window.setDefaultSize(300, height: 200)
    window.add(widget)
    window.showAll()
    runUntilIdle()
    return (window, widget)
  }

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
