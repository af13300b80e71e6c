// A cursor by its CSS name: "none" hides the pointer, "grab", "text"…
import CGtk

extension Cursor {
  /// The cursor named `name` on `display` (CSS cursor names: `"default"`, `"none"` —
  /// no pointer at all —, `"pointer"`, `"grab"`, `"text"`…), or `nil` when the display
  /// has no such cursor. Set it with `Gdk.Window.cursor`; `nil` there inherits the
  /// parent window's.
  public static func named(_ name: String, on display: Display) -> Cursor? {
    Cursor.owned(gdk_cursor_new_from_name(display.opaque, name))
  }
}
