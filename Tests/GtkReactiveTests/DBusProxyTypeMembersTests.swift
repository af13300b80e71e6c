// A D-Bus object manager client that asks a Swift function which class each remote
// object's proxy is, against a real object manager on a private bus.
import CGtk
import Dispatch
import Foundation
import GtkReactiveTesting
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

/// An object manager at `/org/example` exporting an object at each of `paths`, served from
/// a thread and main context of its own: the client's synchronous constructor blocks the
/// main loop until the manager answers.
private final class ObjectManagerServer: @unchecked Sendable {
  // @unchecked: `loop` and `uniqueName` are written by the server's thread before
  // `ready` is signalled, and read after it.
  private var loop: OpaquePointer?
  private(set) var uniqueName: String?
  private let ready = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  init(address: String, paths: [String]) {
    Thread.detachNewThread { self.serve(address, paths) }
    ready.wait()
  }

  private func serve(_ address: String, _ paths: [String]) {
    let context = g_main_context_new()
    g_main_context_push_thread_default(context)
    let flags = GDBusConnectionFlags(
      rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
        | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
    let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, nil)
    let manager = g_dbus_object_manager_server_new("/org/example")
    for path in paths {
      let object = g_dbus_object_skeleton_new(path)
      g_dbus_object_manager_server_export(manager, object)
      g_object_unref(object)
    }
    g_dbus_object_manager_server_set_connection(manager, connection)
    uniqueName = connection.flatMap { g_dbus_connection_get_unique_name($0) }.map {
      String(cString: $0)
    }
    loop = g_main_loop_new(context, 0)
    ready.signal()
    g_main_loop_run(loop)
    g_object_unref(manager)
    if let connection { g_object_unref(UnsafeMutableRawPointer(connection)) }
    g_main_loop_unref(loop)
    g_main_context_pop_thread_default(context)
    g_main_context_unref(context)
    finished.signal()
  }

  /// Stops serving and waits until the thread has let everything go.
  func stop() {
    g_main_loop_quit(loop)
    finished.wait()
  }
}

final class DBusProxyTypeMembersTests: GtkTestCase {
  private final class Token {}

  func testTheClientAsksTheSwiftFunctionWhichClassEachObjectsProxyIs() throws {
    let bus = try PrivateSessionBus()
    let address = bus.address
    let server = ObjectManagerServer(
      address: address, paths: ["/org/example/First", "/org/example/Second"])
    defer { server.stop() }
    try gtk {
      guard let connection = LoopTask({ try await PrivateSessionBus.open(address) }).value()
      else { return }
      var asked: [String] = []
      weak var captured: Token?
      var client: DBusObjectManagerClient?
      do {
        let token = Token()
        captured = token
        client = try DBusObjectManagerClient(
          connection: connection, flags: .doNotAutoStart, name: server.uniqueName,
          objectPath: "/org/example",
          getProxyTypeFunc: { manager, path, interface in
            _ = token
            XCTAssertEqual(manager.objectPath, "/org/example")
            asked.append(path + (interface.map { " " + $0 } ?? ""))
            return interface == nil ? DBusObjectProxy.self : DBusProxy.self
          })
      }
      XCTAssertEqual(client?.nameOwner, server.uniqueName)
      XCTAssertEqual(asked.sorted(), ["/org/example/First", "/org/example/Second"])
      XCTAssertNotNil(captured, "the client keeps its function")
      client = nil
      XCTAssertTrue(
        MainLoop.iterate(until: { captured == nil }, timeout: .seconds(5)),
        "finalizing the client released the function")
    }
  }
}
