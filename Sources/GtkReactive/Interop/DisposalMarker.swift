// The mark GtkReactive leaves on a disposed GObject.
import CGtk

/// Remembers that a GObject was disposed (a widget destroyed): GTK keeps no such flag,
/// and a `GWeakRef` made after `gtk_widget_destroy` still resolves. Every wrapped object
/// gets one weak reference that sets a qdata marker when it is disposed.
/// Quarks come from `g_quark_from_string`, which copies the name: GLib keeps the pointer
/// it is given by `g_quark_from_static_string`, and a Swift string's C copy is temporary.
nonisolated enum DisposalMarker {
  private static let watched = g_quark_from_string("gtkreactive-watched")
  static let disposed = g_quark_from_string("gtkreactive-disposed")

  /// Starts watching `object` (once per object, however many wrappers it has).
  static func watch(_ object: UnsafeMutableRawPointer) {
    let gobject = object.assumingMemoryBound(to: GObject.self)
    guard g_object_get_qdata(gobject, watched) == nil else { return }
    g_object_set_qdata(gobject, watched, UnsafeMutableRawPointer(bitPattern: 1))
    g_object_weak_ref(gobject, markDisposed, nil)
  }

  /// Whether a watched `object` has been disposed.
  static func isDisposed(_ object: UnsafeMutableRawPointer) -> Bool {
    g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), disposed) != nil
  }
}

/// Sets the disposed marker; GObject calls weak notifiers from dispose.
nonisolated private let markDisposed: GWeakNotify = { _, object in
  g_object_set_qdata(object, DisposalMarker.disposed, UnsafeMutableRawPointer(bitPattern: 1))
}
