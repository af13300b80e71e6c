// A D-Bus interface's description (`GDBusInterfaceInfo`), parsed from introspection XML.
import CGtk

/// What a D-Bus interface declares: its name and its methods, signals and properties, as
/// introspection XML describes them. A `DBusProxy` made with one checks calls and
/// replies against it.
///
/// ```swift
/// let info = try DBusInterfaceInfo(xml: """
///   <node><interface name="org.freedesktop.DBus">
///     <method name="ListNames"><arg type="as" direction="out"/></method>
///   </interface></node>
///   """, interface: "org.freedesktop.DBus")
/// ```
///
/// Holds one reference to GLib's immutable description; it may cross threads.
nonisolated public final class DBusInterfaceInfo: @unchecked Sendable {
  // @unchecked: GLib never changes a parsed description, and its count is atomic.
  private let info: UnsafeMutablePointer<GDBusInterfaceInfo>

  /// Parses `xml` (a `<node>` document) and takes its interface called `interface`;
  /// throws GLib's parse error, or an error naming the interface when the document has
  /// none of that name.
  public init(xml: String, interface: String) throws(GLibError) {
    var error: UnsafeMutablePointer<GError>?
    guard let node = g_dbus_node_info_new_for_xml(xml, &error) else {
      if let error { throw GLibError(consuming: error) }
      throw GLibError(
        domain: "gtkreactive-error-quark", code: 0, message: "The D-Bus XML did not parse.")
    }
    defer { g_dbus_node_info_unref(node) }
    guard let found = g_dbus_node_info_lookup_interface(node, interface) else {
      throw GLibError(
        domain: "gtkreactive-error-quark", code: 0,
        message: "The D-Bus XML has no interface “\(interface)”.")
    }
    info = g_dbus_interface_info_ref(found)
  }

  /// Takes a reference of its own to a description GLib lends (`transfer none`).
  init(borrowing info: UnsafeMutablePointer<GDBusInterfaceInfo>) {
    self.info = g_dbus_interface_info_ref(info)
  }

  /// The description a signal passes.
  convenience init(borrowing info: UnsafeMutableRawPointer) {
    self.init(borrowing: info.assumingMemoryBound(to: GDBusInterfaceInfo.self))
  }

  /// Adopts the reference GLib gives (`transfer full`).
  init(taking info: UnsafeMutablePointer<GDBusInterfaceInfo>) {
    self.info = info
  }

  deinit { g_dbus_interface_info_unref(info) }

  /// A reference for one C call; give it back with `freeCPointer(_:)`.
  func makeCPointer() -> UnsafeMutablePointer<GDBusInterfaceInfo> {
    g_dbus_interface_info_ref(info)
  }

  /// Gives back a reference `makeCPointer()` took.
  static func freeCPointer(_ info: UnsafeMutablePointer<GDBusInterfaceInfo>?) {
    if let info { g_dbus_interface_info_unref(info) }
  }

  /// The interface's name (`org.freedesktop.DBus`).
  public var name: String { String(cString: info.pointee.name) }

  /// The names of its methods, in declaration order.
  public var methods: [String] { Self.names(info.pointee.methods) { $0.pointee.name } }

  /// The names of its signals, in declaration order.
  public var signals: [String] { Self.names(info.pointee.signals) { $0.pointee.name } }

  /// The names of its properties, in declaration order.
  public var properties: [String] { Self.names(info.pointee.properties) { $0.pointee.name } }

  private static func names<Member>(
    _ list: UnsafeMutablePointer<UnsafeMutablePointer<Member>?>?,
    _ name: (UnsafeMutablePointer<Member>) -> UnsafeMutablePointer<CChar>?
  ) -> [String] {
    guard let list else { return [] }
    var result: [String] = []
    var index = 0
    while let member = list[index] {
      if let text = name(member) { result.append(String(cString: text)) }
      index += 1
    }
    return result
  }
}
