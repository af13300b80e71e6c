// Calling a D-Bus method asynchronously (GDBus), with string and string-array arguments.
import CGtk
import Reactive

/// One argument of a D-Bus method call: the types desktop interfaces mostly take.
nonisolated public enum DBusArgument: Equatable, Sendable {
  /// A string (`s`).
  case string(String)
  /// An array of strings (`as`).
  case strings([String])

  /// The argument's D-Bus type signature.
  public var signature: String {
    switch self {
    case .string: "s"
    case .strings: "as"
    }
  }

  /// A new floating GVariant holding the argument.
  func makeVariant() -> OpaquePointer {
    switch self {
    case .string(let value):
      return g_variant_new_string(value)
    case .strings(let values):
      var copies = values.map { strdup($0) }
      defer { copies.forEach { free($0) } }
      return copies.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) {
          g_variant_new_strv($0.baseAddress, gssize(values.count))
        }
      }
    }
  }
}

/// The message bus a call goes to.
nonisolated public enum DBusBus: Sendable {
  /// The user's session bus (desktop services: the file manager, notifications).
  case session
  /// The system bus.
  case system
  /// A bus at a D-Bus address (`unix:path=…`), connected to for this call.
  case address(String)
}

/// A method call to a D-Bus service: `org.freedesktop.FileManager1.ShowItems` on the
/// session bus, say.
///
/// ```swift
/// DBusMethodCall(
///   destination: "org.freedesktop.FileManager1", path: "/org/freedesktop/FileManager1",
///   interface: "org.freedesktop.FileManager1", method: "ShowItems",
///   arguments: [.strings([uri]), .string("")]
/// ).send()
///   .subscribe(error: { error in print("no file manager: \(error)") })
/// ```
nonisolated public struct DBusMethodCall: Sendable {
  /// The bus name of the service (`org.freedesktop.FileManager1`).
  public var destination: String
  /// The object path (`/org/freedesktop/FileManager1`).
  public var path: String
  /// The interface (`org.freedesktop.FileManager1`).
  public var interface: String
  /// The method (`ShowItems`).
  public var method: String
  /// The arguments, in order.
  public var arguments: [DBusArgument]

  /// A call of `interface.method` on `path` of `destination` with `arguments`.
  public init(
    destination: String, path: String, interface: String, method: String,
    arguments: [DBusArgument] = []
  ) {
    self.destination = destination
    self.path = path
    self.interface = interface
    self.method = method
    self.arguments = arguments
  }

  /// The arguments' signature as a tuple (`(ass)`).
  public var signature: String { "(" + arguments.map(\.signature).joined() + ")" }

  /// Sends the call when subscribed, without blocking: sends the reply in GVariant text
  /// form (`(true,)`, `()` for none) on the main thread and completes, or fails with
  /// GDBus's error (no bus, no such service — `ServiceUnknown` — or method, a timeout
  /// after `timeout` milliseconds). Disposing cancels the call.
  @MainActor
  public func send(on bus: DBusBus = .session, timeout: Int = 5_000) -> Signal<String, GLibError> {
    let call = self
    return Signal { observer in
      onMainThread {
        let cancellable = g_cancellable_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
        DBusPendingCall(
          call: call, bus: bus, timeout: timeout, observer: observer, cancellable: cancellable
        ).start()
        let token = CancellableToken(cancellable)
        return AnyDisposable { token.cancel() }
      }
    }
  }
}

/// A `GCancellable` held for a disposable: cancelling it stops a call in flight.
nonisolated private final class CancellableToken: @unchecked Sendable {
  private let cancellable: UnsafeMutablePointer<GCancellable>

  init(_ cancellable: UnsafeMutablePointer<GCancellable>) {
    self.cancellable = cancellable
    g_object_ref(UnsafeMutableRawPointer(cancellable))
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(cancellable)) }

  /// Cancels the call (thread-safe in GLib).
  func cancel() { g_cancellable_cancel(cancellable) }
}
