// A D-Bus method call in flight, retained across GIO's ready callbacks.
import CGtk
import Reactive

/// A call in flight: holds what GLib's callbacks need until the reply. Each callback
/// holds one retain of it, taken when the callback was handed to GLib.
nonisolated final class DBusPendingCall: @unchecked Sendable {
  let call: DBusMethodCall
  let bus: DBusBus
  let timeout: Int
  let observer: Observer<String, GLibError>
  let cancellable: UnsafeMutablePointer<GCancellable>

  init(
    call: DBusMethodCall, bus: DBusBus, timeout: Int, observer: Observer<String, GLibError>,
    cancellable: UnsafeMutablePointer<GCancellable>
  ) {
    self.call = call
    self.bus = bus
    self.timeout = timeout
    self.observer = observer
    self.cancellable = cancellable
    g_object_ref(UnsafeMutableRawPointer(cancellable))
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(cancellable))
  }

  /// Connects to the bus (asynchronously); `connected` calls.
  func start() {
    let box = Unmanaged.passRetained(self).toOpaque()
    let connected: GAsyncReadyCallback = { _, result, data in
      Unmanaged<DBusPendingCall>.fromOpaque(data!).takeRetainedValue().connected(result)
    }
    switch bus {
    case .session:
      g_bus_get(G_BUS_TYPE_SESSION, cancellable, connected, box)
    case .system:
      g_bus_get(G_BUS_TYPE_SYSTEM, cancellable, connected, box)
    case .address(let address):
      let flags = GDBusConnectionFlags(
        G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
          | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
      g_dbus_connection_new_for_address(address, flags, nil, cancellable, connected, box)
    }
  }

  private func connected(_ result: OpaquePointer?) {
    var error: UnsafeMutablePointer<GError>?
    let connection: OpaquePointer?
    if case .address = bus {
      connection = g_dbus_connection_new_for_address_finish(result, &error)
    } else {
      connection = g_bus_get_finish(result, &error)
    }
    if let error { return fail(error) }
    guard let connection else { return }
    defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
    var values = call.arguments.map { Optional($0.makeVariant()) }
    let parameters = g_variant_new_tuple(&values, gsize(values.count))
    let box = Unmanaged.passRetained(self).toOpaque()
    g_dbus_connection_call(
      connection, call.destination, call.path, call.interface, call.method, parameters, nil,
      G_DBUS_CALL_FLAGS_NONE, Int32(clamping: timeout), cancellable,
      { source, result, data in
        Unmanaged<DBusPendingCall>.fromOpaque(data!).takeRetainedValue()
          .replied(OpaquePointer(source), result)
      }, box)
  }

  private func replied(_ connection: OpaquePointer?, _ result: OpaquePointer?) {
    var error: UnsafeMutablePointer<GError>?
    let reply = g_dbus_connection_call_finish(connection, result, &error)
    if let error { return fail(error) }
    guard let reply else { return }
    defer { g_variant_unref(reply) }
    let text = g_variant_print(reply, 0)
    defer { g_free(text) }
    observer.send(text.map { String(cString: $0) } ?? "")
    observer.sendCompleted()
  }

  private func fail(_ error: UnsafeMutablePointer<GError>) {
    let error = GLibError(consuming: error)
    // A cancelled call was disposed: nobody listens.
    if error.domain == "g-io-error-quark", error.code == Int(G_IO_ERROR_CANCELLED.rawValue) {
      return
    }
    observer.send(error: error)
  }
}
