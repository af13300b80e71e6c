// Typing into an entry the way a user does, for the control-property tests.
import CGtk
import GtkReactive

extension Entry {
  /// Appends `text` as typing at the end would (the user-change path).
  func type(_ text: String) {
    var position = Int32(gtk_entry_get_text_length(pointer(as: GtkEntry.self)))
    gtk_editable_insert_text(OpaquePointer(pointer), text, -1, &position)
    gtk_editable_set_position(OpaquePointer(pointer), position)
  }
}
