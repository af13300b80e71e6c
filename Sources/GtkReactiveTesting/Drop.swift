// Files and text dropped on a widget as another application drops them: XDND, in process.
import CGtk
import GtkReactive
import XCTest

/// Drops the files `uris` on `widget` at (`x`, `y`) in its coordinates (its centre by
/// default), as a file manager would, and runs the main loop until the drop is finished;
/// returns whether the destination took it.
///
/// The drop goes through GTK's own drag-and-drop protocol (XDND), with a source in the
/// test process: the drag enters the window under the point and moves there (the drop
/// sites' `drag-motion` handlers decide), is dropped (`drag-drop`), the destination asks
/// for the data in the form it prefers and receives it (`drag-data-received`, with a real
/// `GdkDragContext` and `GtkSelectionData`), and finishes. The source offers
/// `text/uri-list` and, with `asText` (the default, as Nautilus does), the URIs as plain
/// text, one per line — so a text view that only reads text inserts them.
///
/// ```swift
/// window.showAll()
/// XCTAssertTrue(drop(uris: ["file:///tmp/notes.md"], on: editor))
/// XCTAssertEqual(imported.values, [["file:///tmp/notes.md"]])
/// ```
///
/// Returns `false` when nothing at the point is a drop target, when the drop site
/// refused the drag (no action in its status), or when the destination finished the
/// drop as failed. Fails the test when the widget is not in a shown window, or when the
/// destination does not finish the drop within `timeout`.
@MainActor
@discardableResult
public func drop(
  uris: [String], on widget: Widget, at point: (x: Double, y: Double)? = nil,
  asText: Bool = true, timeout: Duration = .seconds(5),
  file: StaticString = #filePath, line: UInt = #line
) -> Bool {
  simulateDrop(
    DropSource(uris: uris, text: asText ? uris.joined(separator: "\n") : nil), on: widget,
    at: point, timeout: timeout, file: file, line: line)
}

/// Drops `text` on `widget` at (`x`, `y`) in its coordinates (its centre by default), as
/// dragging a selection from an editor would (`UTF8_STRING` and `text/plain`), and runs
/// the main loop until the drop is finished; returns whether the destination took it.
///
/// The exchange is the one ``drop(uris:on:at:asText:timeout:file:line:)`` describes.
@MainActor
@discardableResult
public func drop(
  text: String, on widget: Widget, at point: (x: Double, y: Double)? = nil,
  timeout: Duration = .seconds(5), file: StaticString = #filePath, line: UInt = #line
) -> Bool {
  simulateDrop(
    DropSource(uris: nil, text: text), on: widget, at: point, timeout: timeout, file: file,
    line: line)
}

/// Drops what `source` offers on `widget` at `point` (its centre by default).
@MainActor
private func simulateDrop(
  _ source: DropSource, on widget: Widget, at point: (x: Double, y: Double)?,
  timeout: Duration, file: StaticString, line: UInt
) -> Bool {
  defer { source.end() }
  let target = widget.pointer(as: GtkWidget.self)
  guard gtk_widget_is_drawable(target) != 0,
    let input = InputTarget(widget, file: file, line: line)
  else {
    XCTFail("the \(widget.gTypeName) is not in a shown window", file: file, line: line)
    return false
  }
  var allocation = GtkAllocation()
  gtk_widget_get_allocation(target, &allocation)
  let local = point ?? (Double(allocation.width) / 2, Double(allocation.height) / 2)
  let root = input.windowPoint(local.x, local.y)
  return source.drop(
    atRootX: Int32(root.rootX), y: Int32(root.rootY), timeout: timeout,
    file: file, line: line)
}

/// The source side of a simulated drop: an invisible window that owns `XdndSelection` and
/// answers the destination's request for the data, and a GDK drag context from it.
@MainActor
private final class DropSource {
  /// The offer of the drop in progress, read by the selection handler (one at a time:
  /// `drop` runs the loop only until its own drop is finished).
  static var current: DropSource?
  /// Whether the drop in progress was finished by its destination.
  static var finished = false

  /// The URIs offered as `text/uri-list`, if any.
  let uris: [String]?
  /// The text offered as text, if any.
  let text: String?
  private let widget: UnsafeMutablePointer<GtkWidget>
  private let targets: [GdkAtom?]
  private var context: OpaquePointer?

  private static let uriInfo: guint = 0
  private static let textInfo: guint = 1

  init(uris: [String]?, text: String?) {
    self.uris = uris
    self.text = text
    // Never gdk_atom_intern_static_string: it keeps the pointer, and a Swift string's C
    // copy is temporary.
    let selection = gdk_atom_intern("XdndSelection", 0)
    widget = gtk_invisible_new()
    g_object_ref_sink(widget)
    gtk_widget_realize(widget)
    var targets: [GdkAtom?] = []
    if uris != nil {
      let atom = gdk_atom_intern("text/uri-list", 0)
      targets.append(atom)
      gtk_selection_add_target(widget, selection, atom, Self.uriInfo)
    }
    if text != nil {
      let names: [String] = ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain"]
      for name in names {
        let atom = gdk_atom_intern(name, 0)
        targets.append(atom)
        gtk_selection_add_target(widget, selection, atom, Self.textInfo)
      }
    }
    self.targets = targets
    g_signal_connect_data(
      widget, "selection-get", unsafeBitCast(provideData, to: GCallback.self), nil, nil,
      GConnectFlags(0))
    Self.current = self
  }

  /// Enters the window under (`x`, `y`) on the screen, moves there and, when the drop
  /// site accepts, drops; whether the destination finished the drop successfully.
  func drop(
    atRootX x: Int32, y: Int32, timeout: Duration, file: StaticString, line: UInt
  ) -> Bool {
    var list: UnsafeMutablePointer<GList>?
    for atom in targets { list = g_list_append(list, UnsafeMutableRawPointer(atom)) }
    defer { g_list_free(list) }
    let window = gtk_widget_get_window(widget)
    guard let context = gdk_drag_begin(window, list) else {
      XCTFail("GDK could not begin a drag", file: file, line: line)
      return false
    }
    self.context = context
    var destination: OpaquePointer?
    var dragProtocol = GDK_DRAG_PROTO_NONE
    gdk_drag_find_window_for_screen(
      context, gdk_drag_context_get_drag_window(context), gdk_window_get_screen(window), x, y,
      &destination, &dragProtocol)
    guard let destination, dragProtocol != GDK_DRAG_PROTO_NONE else { return false }
    let time = guint32(GDK_CURRENT_TIME)
    // Every message goes to a window of this process: GDK delivers it through the event
    // queue, so running the loop until idle completes each step.
    _ = gdk_drag_motion(
      context, destination, dragProtocol, x, y, GDK_ACTION_COPY, GDK_ACTION_COPY, time)
    runUntilIdle()
    guard gdk_drag_context_get_selected_action(context).rawValue != 0 else {
      gdk_drag_abort(context, time)
      runUntilIdle()
      return false
    }
    // The destination asks the owner of XdndSelection for the data; GTK's own drag
    // sources take it once the drag has moved, as here.
    let selection = gdk_atom_intern("XdndSelection", 0)
    guard gtk_selection_owner_set(widget, selection, time) != 0 else {
      XCTFail("the drag source could not own XdndSelection", file: file, line: line)
      gdk_drag_abort(context, time)
      return false
    }
    // The destination's XdndFinished reaches GDK's own handling of the source context,
    // which emits `dnd-finished` (and is the last word on success).
    Self.finished = false
    g_signal_connect_data(
      UnsafeMutableRawPointer(context), "dnd-finished",
      unsafeBitCast(noteFinish, to: GCallback.self), nil, nil, GConnectFlags(0))
    gdk_drag_drop(context, time)
    guard
      runMainLoop(
        until: { Self.finished }, timeout: timeout,
        "the destination did not finish the drop", file: file, line: line)
    else { return false }
    return gdk_drag_drop_succeeded(context) != 0
  }

  /// Ends the drag, gives up the selection and destroys the source window.
  func end() {
    if let context {
      // As successful whatever the outcome: a failed one animates the drag icon back
      // to its start for half a second, past the end of the test.
      gdk_drag_drop_done(context, 1)
      g_object_unref(UnsafeMutableRawPointer(context))
      self.context = nil
    }
    if Self.current === self { Self.current = nil }
    gtk_widget_destroy(widget)
    g_object_unref(widget)
    runUntilIdle()
  }

  /// What the destination gets for the target numbered `info`: the URI list, or the text.
  func fill(_ data: OpaquePointer, info: guint) {
    if info == Self.uriInfo, let uris {
      var copies = uris.map { strdup($0) } + [nil]
      defer { copies.forEach { free($0) } }
      _ = copies.withUnsafeMutableBufferPointer {
        gtk_selection_data_set_uris(data, $0.baseAddress)
      }
    } else if let text {
      _ = gtk_selection_data_set_text(data, text, -1)
    }
  }
}

/// The `selection-get` handler of the source window: fills in the data of the drop.
private let provideData:
  @convention(c) (
    UnsafeMutableRawPointer?, OpaquePointer?, guint, guint, UnsafeMutableRawPointer?
  ) -> Void = { _, data, info, _, _ in
    // GTK calls it on the main thread, during the destination's request.
    guard let data else { return }
    nonisolated(unsafe) let selection = data
    MainActor.assumeIsolated { DropSource.current?.fill(selection, info: info) }
  }

/// The `dnd-finished` handler of the drag context: the destination finished the drop.
private let noteFinish:
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void =
    { _, _ in
      // GDK emits it on the main thread, from the event that brought XdndFinished.
      MainActor.assumeIsolated { DropSource.finished = true }
    }
