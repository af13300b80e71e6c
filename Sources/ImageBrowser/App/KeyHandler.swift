// A key-press handler that decides per key whether it consumed the key.
import CGtk
import GtkReactive

/// Connects `key-press-event` on a widget to a Swift closure that returns whether it
/// handled the key (GtkReactive's `rx.keyPress(handled:)` answers the same for every
/// key; shortcuts must let typing into the search entry through).
///
/// The handler is disconnected when this object is released.
final class KeyHandler {
  /// A key press as the handler sees it.
  struct Key {
    /// The GDK key value (`GDK_KEY_Right`).
    let keyval: UInt32
    /// The key's name (`"Right"`, `"plus"`, `"F11"`).
    let name: String
    /// Whether Control was held.
    let control: Bool
  }

  private final class Box {
    let handle: (Key) -> Bool
    init(_ handle: @escaping (Key) -> Bool) { self.handle = handle }
  }

  /// The widget's address, as a Sendable integer for the nonisolated deinit; this
  /// object holds a reference on it, so the handler can always be disconnected.
  private let address: UInt
  private var handlerID: gulong = 0

  /// Calls `handle` for every key pressed while `widget` (a window) has focus, before
  /// the focused child sees it; `true` stops the key there.
  init(on widget: Widget, _ handle: @escaping (Key) -> Bool) {
    let instance = UnsafeMutableRawPointer(widget.pointer)
    g_object_ref(instance)
    address = UInt(bitPattern: instance)
    let box = Unmanaged.passRetained(Box(handle)).toOpaque()
    let trampoline:
      @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
      ) -> gboolean = { _, event, data in
        guard let event, let data else { return 0 }
        let key = event.assumingMemoryBound(to: GdkEventKey.self).pointee
        let name = gdk_keyval_name(key.keyval).map { String(cString: $0) } ?? ""
        let control = key.state & GDK_CONTROL_MASK.rawValue != 0
        let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
        return MainActor.assumeIsolated {
          box.handle(Key(keyval: key.keyval, name: name, control: control)) ? 1 : 0
        }
      }
    let release: GClosureNotify = { data, _ in
      if let data { Unmanaged<Box>.fromOpaque(data).release() }
    }
    handlerID = g_signal_connect_data(
      instance, "key-press-event", unsafeBitCast(trampoline, to: GCallback.self), box,
      release, GConnectFlags(0))
  }

  deinit {
    let instance = UnsafeMutableRawPointer(bitPattern: address)
    if g_signal_handler_is_connected(instance, handlerID) != 0 {
      g_signal_handler_disconnect(instance, handlerID)
    }
    g_object_unref(instance)
  }
}
