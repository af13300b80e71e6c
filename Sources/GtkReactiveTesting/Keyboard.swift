// Key presses delivered to a window as the X server would: accelerators, mnemonics, focus.
import CGtk
import GtkReactive
import XCTest

/// Presses and releases the key named `key` with `modifiers` held, as typed on the
/// keyboard while `widget` has the focus.
///
/// `key` is a GDK key name: `"n"`, `"Return"`, `"Escape"`, `"F11"`, `"plus"`, `"Left"`
/// (the names of `gdk/gdkkeysyms.h` without `GDK_KEY_`). The event goes to the
/// toplevel window of `widget` (which is realized if it was not), exactly as GTK's
/// dispatch delivers a keystroke: the window's `key-press-event` handlers run first,
/// then its accelerators (`GtkAccelGroup`, application accelerators of actions) and
/// mnemonics, then the focus widget's key bindings and input method — so a letter
/// pressed in an entry types it. When `widget` is not the window itself, can take the
/// focus and does not have it, it is given the focus first (as a click or Tab would;
/// an entry then selects its text). Between the press and the release the main loop
/// runs until the window has drawn a frame (when it is shown), as it would during a
/// real keystroke; after the release, until idle.
///
/// ```swift
/// press("n", modifiers: .control, in: window)  // the window's Ctrl+N accelerator
/// press("Return", in: entry)                   // the entry's `activate`
/// ```
@MainActor
public func press(
  _ key: String, modifiers: ModifierType = [], in widget: Widget,
  file: StaticString = #filePath, line: UInt = #line
) {
  let keyval = gdk_keyval_from_name(key)
  guard keyval != 0, keyval != UInt32(GDK_KEY_VoidSymbol) else {
    return XCTFail("no key is named “\(key)”", file: file, line: line)
  }
  let target = widget.pointer(as: GtkWidget.self)
  guard let toplevel = gtk_widget_get_toplevel(target),
    isInstance(toplevel, of: gtk_window_get_type())
  else {
    return XCTFail("the \(widget.gTypeName) is not in a window", file: file, line: line)
  }
  gtk_widget_realize(toplevel)
  guard let gdkWindow = gtk_widget_get_window(toplevel) else {
    return XCTFail("the window could not be realized", file: file, line: line)
  }
  // Only when the focus is elsewhere: focusing an entry selects its text, which the
  // next letter would replace.
  let window = UnsafeMutableRawPointer(toplevel).assumingMemoryBound(to: GtkWindow.self)
  if target != toplevel, gtk_widget_get_can_focus(target) != 0,
    gtk_window_get_focus(window) != target
  {
    gtk_widget_grab_focus(target)
  }
  let (keycode, group, reported) = hardwareKey(
    for: keyval, modifiers: modifiers, on: gdk_window_get_display(gdkWindow))
  // The press may destroy the window (Ctrl+W): keep it alive until the release is sent.
  g_object_ref(UnsafeMutableRawPointer(toplevel))
  defer { g_object_unref(UnsafeMutableRawPointer(toplevel)) }
  for type in [GDK_KEY_PRESS, GDK_KEY_RELEASE] {
    // A window the press destroyed or unrealized gets no release, as on the X server.
    guard gtk_widget_get_window(toplevel) == gdkWindow else { break }
    let event = gdk_event_new(type)!
    // gdk_event_free releases the window reference.
    event.pointee.key.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(gdkWindow)))
    event.pointee.key.send_event = 1
    event.pointee.key.time = UInt32(GDK_CURRENT_TIME)
    event.pointee.key.keyval = reported
    event.pointee.key.state = modifiers.rawValue
    // GTK 3 matches accelerators by hardware keycode and group, not by keyval.
    event.pointee.key.hardware_keycode = keycode
    event.pointee.key.group = group
    let seat = gdk_display_get_default_seat(gdk_window_get_display(gdkWindow))
    if let keyboard = gdk_seat_get_keyboard(seat) { gdk_event_set_device(event, keyboard) }
    // Straight to the toplevel, as gtk_main_do_event delivers a key without grabs: a
    // grab left behind elsewhere in the test process must not swallow the key.
    gtk_widget_event(toplevel, event)
    gdk_event_free(event)
    // What the press set in motion happens before the release, as in the tens of
    // milliseconds between the two halves of a real keystroke: a search bar revealed
    // by the press maps (and realizes) its focused entry on the next frame, and the
    // release would otherwise reach that entry unrealized (WIDGET_REALIZED_FOR_EVENT).
    if type == GDK_KEY_PRESS { runUntilNextFrame(of: toplevel) } else { runUntilIdle() }
  }
}

/// The keycode and group that produce `keyval` on the display's keyboard (zeros if none
/// does), and the keyval the X server would report with `modifiers` held: with Shift, the
/// key's shifted symbol (`b` becomes `B`).
@MainActor
private func hardwareKey(
  for keyval: UInt32, modifiers: ModifierType, on display: OpaquePointer?
) -> (keycode: UInt16, group: UInt8, keyval: UInt32) {
  var keys: UnsafeMutablePointer<GdkKeymapKey>?
  var count: Int32 = 0
  guard let keymap = gdk_keymap_get_for_display(display),
    gdk_keymap_get_entries_for_keyval(keymap, keyval, &keys, &count) != 0, let keys, count > 0
  else { return (0, 0, keyval) }
  defer { g_free(keys) }
  let keycode = keys[0].keycode
  let group = keys[0].group
  var reported = keyval
  if modifiers.contains(.shift) {
    var translated: UInt32 = 0
    if gdk_keymap_translate_keyboard_state(
      keymap, keycode, GdkModifierType(modifiers.rawValue), group, &translated, nil, nil, nil)
      != 0
    {
      reported = translated
    }
  }
  return (UInt16(keycode), UInt8(group), reported)
}

/// Runs the main loop until `window`'s frame clock has drawn one more frame (its update,
/// layout and paint phases: animations step, sizes are allocated, children map), then
/// until idle; only until idle when the window is not mapped (its clock draws nothing).
/// Gives up waiting after half a second.
@MainActor
private func runUntilNextFrame(of window: UnsafeMutablePointer<GtkWidget>) {
  guard gtk_widget_get_mapped(window) != 0, let clock = gtk_widget_get_frame_clock(window)
  else { return runUntilIdle() }
  g_object_ref(UnsafeMutableRawPointer(clock))
  defer { g_object_unref(UnsafeMutableRawPointer(clock)) }
  let frame = gdk_frame_clock_get_frame_counter(clock)
  gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT)
  let deadline = ContinuousClock.now + .milliseconds(500)
  while gdk_frame_clock_get_frame_counter(clock) == frame, ContinuousClock.now < deadline {
    if g_main_context_iteration(nil, 0) == 0 { g_usleep(1000) }
  }
  runUntilIdle()
}
