// Clicking, typing, toggling and activating widgets as a user would, then running the loop.
import CGtk
import GtkReactive
import XCTest

/// Clicks `button` as a user would: the button emits `clicked` (a toggle or check
/// button also toggles), then the main loop runs until idle.
///
/// Fails the test, and clicks nothing, when the button or one of its ancestors is
/// insensitive: a user could not click it either.
@MainActor
public func click(_ button: Button, file: StaticString = #filePath, line: UInt = #line) {
  guard isUsable(button, "click", file: file, line: line) else { return }
  gtk_button_clicked(button.pointer(as: GtkButton.self))
  runUntilIdle()
}

/// Types `text` into an editable widget (an `Entry`, a spin button, a `TextView`) as a
/// user would: it replaces the selection, if any, and is inserted at the cursor, which
/// moves past it; `insert-text` and `changed` fire as for keystrokes (a text view's
/// buffer records one user action, which undo stacks group). Then the main loop runs
/// until idle.
///
/// Fails the test, and types nothing, when the widget is not editable or is insensitive.
@MainActor
public func type(
  _ text: String, into widget: Widget, file: StaticString = #filePath, line: UInt = #line
) {
  if widget.isInstance(of: gtk_text_view_get_type()) {
    return typeText(text, into: widget, file: file, line: line)
  }
  guard widget.isInstance(of: gtk_editable_get_type()) else {
    return XCTFail("cannot type into a \(widget.gTypeName): not editable", file: file, line: line)
  }
  guard isUsable(widget, "type into", file: file, line: line) else { return }
  let editable = OpaquePointer(widget.pointer)
  guard gtk_editable_get_editable(editable) != 0 else {
    return XCTFail("cannot type into a read-only \(widget.gTypeName)", file: file, line: line)
  }
  gtk_editable_delete_selection(editable)
  var position = gtk_editable_get_position(editable)
  gtk_editable_insert_text(editable, text, -1, &position)
  gtk_editable_set_position(editable, position)
  runUntilIdle()
}

/// `type(_:into:)` for a text view: what GTK does with text its input method commits
/// (`gtk_text_view_commit_text`), where the view's editability decides.
@MainActor
private func typeText(_ text: String, into widget: Widget, file: StaticString, line: UInt) {
  guard isUsable(widget, "type into", file: file, line: line) else { return }
  let view = widget.pointer(as: GtkTextView.self)
  let editable = gtk_text_view_get_editable(view)
  guard editable != 0, let buffer = gtk_text_view_get_buffer(view) else {
    return XCTFail("cannot type into a read-only \(widget.gTypeName)", file: file, line: line)
  }
  gtk_text_buffer_begin_user_action(buffer)
  gtk_text_buffer_delete_selection(buffer, 1, editable)
  let inserted = gtk_text_buffer_insert_interactive_at_cursor(buffer, text, -1, editable)
  gtk_text_buffer_end_user_action(buffer)
  guard inserted != 0 else {
    return XCTFail(
      "cannot type into the \(widget.gTypeName): the text at the cursor is not editable",
      file: file, line: line)
  }
  gtk_text_view_scroll_mark_onscreen(view, gtk_text_buffer_get_insert(buffer))
  runUntilIdle()
}

/// Toggles a toggle button, check button, radio button or switch as a user's click
/// would, then runs the main loop until idle.
///
/// Fails the test, and toggles nothing, for an insensitive widget or a widget of
/// another kind.
@MainActor
public func toggle(_ widget: Widget, file: StaticString = #filePath, line: UInt = #line) {
  guard isUsable(widget, "toggle", file: file, line: line) else { return }
  if widget.isInstance(of: gtk_toggle_button_get_type()) {
    gtk_button_clicked(widget.pointer(as: GtkButton.self))
  } else if widget.isInstance(of: gtk_switch_get_type()) {
    let toggle = widget.pointer(as: GtkSwitch.self)
    gtk_switch_set_active(toggle, gtk_switch_get_active(toggle) == 0 ? 1 : 0)
  } else {
    return XCTFail("cannot toggle a \(widget.gTypeName)", file: file, line: line)
  }
  runUntilIdle()
}

/// Activates `widget` as the keyboard would (`gtk_widget_activate`): Enter in an entry
/// emits its `activate`, a menu item fires. Then the main loop runs until idle.
///
/// A button activated this way emits `clicked` only after GTK's 250 ms press
/// animation: use ``click(_:file:line:)`` for buttons.
///
/// Fails the test when the widget is insensitive or cannot be activated.
@MainActor
public func activate(_ widget: Widget, file: StaticString = #filePath, line: UInt = #line) {
  guard isUsable(widget, "activate", file: file, line: line) else { return }
  guard gtk_widget_activate(widget.pointer(as: GtkWidget.self)) != 0 else {
    return XCTFail("a \(widget.gTypeName) cannot be activated", file: file, line: line)
  }
  runUntilIdle()
}

/// Whether a user could act on `widget`; fails the test when not.
@MainActor
func isUsable(
  _ widget: Widget, _ verb: String, file: StaticString, line: UInt
) -> Bool {
  guard gtk_widget_is_sensitive(widget.pointer(as: GtkWidget.self)) != 0 else {
    XCTFail("cannot \(verb) an insensitive \(widget.gTypeName)", file: file, line: line)
    return false
  }
  return true
}
