// A message bus of the test's own, for the suites that call over D-Bus.
import Foundation
import GtkReactive
import XCTest

/// A session bus of its own (`dbus-daemon --session`), stopped at deinit.
final class PrivateSessionBus {
  let address: String
  private let daemon = Process()

  init() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else {
      throw XCTSkip("dbus-daemon is not installed")
    }
    daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    daemon.arguments = ["--session", "--nofork", "--print-address=1"]
    let output = Pipe()
    daemon.standardOutput = output
    try daemon.run()
    var text = ""
    while !text.contains("\n") {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    guard let line = text.split(separator: "\n").first else {
      daemon.terminate()
      throw XCTSkip("dbus-daemon printed no address")
    }
    address = String(line)
  }

  /// Ends the bus now, as when the session ends under its clients.
  func stop() {
    daemon.terminate()
    daemon.waitUntilExit()
  }

  deinit { daemon.terminate() }

  /// A client connection to the private bus at `address`, as a session bus client.
  @MainActor
  static func open(_ address: String) async throws -> DBusConnection {
    try await DBusConnection.forAddress(
      address, flags: [.authenticationClient, .messageBusConnection], observer: nil)
  }
}
