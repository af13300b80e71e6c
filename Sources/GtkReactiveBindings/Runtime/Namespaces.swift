// Namespaces for the generated types whose names another library already takes.

/// GTK types whose Swift name would shadow the standard library (`Gtk.Range`).
public enum Gtk {}

/// GDK types whose names GTK or GIO already use (`Gdk.Window`, `Gdk.Screen`…).
public enum Gdk {}

/// GIO types whose names GTK already uses (`Gio.Application`, `Gio.Menu`,
/// `Gio.Settings`, `Gio.ListStore`…).
public enum Gio {}

/// Pango enumerations whose names GTK already uses (`Pango.WrapMode`); the generator
/// emits only the Pango enumerations and flags GTK's API uses.
public enum Pango {}

/// GLib enumerations and flags GIO's API uses (`GLib.IOCondition`, `GLib.OptionFlags`);
/// the generator emits only those.
public enum GLib {}
