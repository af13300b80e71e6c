// The mark GtkReactive leaves on a disposed GObject.
import CGtk

/// Remembers that a widget was destroyed: GTK keeps no such flag, and a `GWeakRef` made
/// after `gtk_widget_destroy` still resolves. Every wrapped widget gets one weak
/// reference that sets a qdata marker when it is disposed.
///
/// Only widgets: they are the objects disposed while still referenced (destroyed). Any
/// other object is disposed when it is finalized, which cannot happen while a wrapper
/// holds it (`destroyed`, the rx signals and weak references see that through their own
/// weak notifier). Watching every object cost each wrapper three GLib allocations and
/// ~1,900 instructions with its disposal: half of what a folder scan spent wrapping the
/// `FileInfo`s of its files.
///
/// Quarks come from `g_quark_from_string`, which copies the name: GLib keeps the pointer
/// it is given by `g_quark_from_static_string`, and a Swift string's C copy is temporary.
nonisolated enum DisposalMarker {
  private static let watched = g_quark_from_string("gtkreactive-watched")
  private static let widgetType = gtk_widget_get_type()
  static let disposed = g_quark_from_string("gtkreactive-disposed")

  /// Starts watching `object` when it is a widget (once per widget, however many
  /// wrappers it has).
  static func watch(_ object: UnsafeMutableRawPointer) {
    guard cgtk_is_a(object, widgetType) != 0 else { return }
    let gobject = object.assumingMemoryBound(to: GObject.self)
    guard g_object_get_qdata(gobject, watched) == nil else { return }
    g_object_set_qdata(gobject, watched, UnsafeMutableRawPointer(bitPattern: 1))
    g_object_weak_ref(gobject, markDisposed, nil)
  }

  /// Whether a watched `object` (a widget) has been disposed; `false` for other objects.
  static func isDisposed(_ object: UnsafeMutableRawPointer) -> Bool {
    g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), disposed) != nil
  }
}

/// Sets the disposed marker; GObject calls weak notifiers from dispose.
nonisolated private let markDisposed: GWeakNotify = { _, object in
  g_object_set_qdata(object, DisposalMarker.disposed, UnsafeMutableRawPointer(bitPattern: 1))
}
