// GIO's asynchronous D-Bus calls on a real message bus, and subprocesses, through the
// generated API: both forms, errors, cancellation.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
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
}

/// The names a `ListNames` reply (`(as)`) carries.
private func names(_ reply: Variant?) -> [String] {
  reply?.children.first?.children.compactMap { $0.value(as: String.self) } ?? []
}

final class GioBusAndProcessTests: GtkTestCase {
  /// A client connection to the private bus at `address`, as a session bus client.
  static func open(_ address: String) async throws -> DBusConnection {
    try await DBusConnection.forAddress(
      address, flags: [.authenticationClient, .messageBusConnection], observer: nil)
  }

  // MARK: D-Bus

  func testListNamesOnARealSessionBusThroughTheConnection() throws {
    let bus = try PrivateSessionBus()
    let address = bus.address
    gtk {
      let connection = LoopTask { try await Self.open(address) }.value()
      guard let connection else { return }
      let unique = try? XCTUnwrap(connection.uniqueName)
      let reply = LoopTask {
        try await connection.call(
          "org.freedesktop.DBus", objectPath: "/org/freedesktop/DBus",
          interfaceName: "org.freedesktop.DBus", methodName: "ListNames", parameters: nil,
          replyType: "(as)", flags: [], timeoutMsec: -1)
      }.value()
      XCTAssertEqual(reply?.typeString, "(as)")
      XCTAssertTrue(names(reply).contains("org.freedesktop.DBus"), "\(names(reply))")
      XCTAssertTrue(names(reply).contains(unique ?? "?"), "our own connection is listed")

      // The same call as a signal; an unknown method fails with the bus's error.
      let listed = EventRecorder(
        connection.rx.call(
          "org.freedesktop.DBus", objectPath: "/org/freedesktop/DBus",
          interfaceName: "org.freedesktop.DBus", methodName: "ListNames", parameters: nil,
          replyType: nil, flags: [], timeoutMsec: -1))
      listed.waitForEnd()
      XCTAssertTrue(names(listed.values.first).contains("org.freedesktop.DBus"))
      XCTAssertTrue(listed.completed)
      XCTAssertTrue(listed.onMainThread)
      let unknown = EventRecorder(
        connection.rx.call(
          "org.freedesktop.DBus", objectPath: "/org/freedesktop/DBus",
          interfaceName: "org.freedesktop.DBus", methodName: "NoSuchMethod", parameters: nil,
          replyType: nil, flags: [], timeoutMsec: -1))
      unknown.waitForEnd()
      XCTAssertEqual(unknown.error?.domain, "g-dbus-error-quark")
      XCTAssertTrue(unknown.error?.message.contains("NoSuchMethod") ?? false)

      let closed = LoopTask { try await connection.close() }
      XCTAssertNotNil(closed.value())
      XCTAssertTrue(connection.isClosed)
    }
  }

  func testAConnectionWhoseBusVanishesSaysSoWithGLibsError() throws {
    let bus = try PrivateSessionBus()
    let address = bus.address
    gtk {
      let connection = LoopTask { try await Self.open(address) }.value()
      guard let connection else { return }
      let closings = Recorder(connection.rx.closed)
      bus.stop()
      XCTAssertTrue(MainLoop.iterate(until: { !closings.values.isEmpty }), "closed")
      XCTAssertEqual(closings.values.count, 1)
      XCTAssertEqual(closings.values.first?.remotePeerVanished, true)
      let error = closings.values.first?.error
      XCTAssertNotNil(error, "why it closed, as GLib reports it")
      XCTAssertEqual(error?.domain, "g-io-error-quark")
      XCTAssertFalse(error?.message.isEmpty ?? true)
      XCTAssertTrue(connection.isClosed)
    }
  }

  func testClosingAConnectionItselfSaysTheBusDidNotVanish() throws {
    let bus = try PrivateSessionBus()
    let address = bus.address
    gtk {
      let connection = LoopTask { try await Self.open(address) }.value()
      guard let connection else { return }
      let closings = Recorder(connection.rx.closed)
      XCTAssertNotNil(LoopTask { try await connection.close() }.value())
      XCTAssertTrue(MainLoop.iterate(until: { !closings.values.isEmpty }), "closed")
      XCTAssertEqual(closings.values.first?.remotePeerVanished, false)
      XCTAssertNil(closings.values.first?.error)
    }
  }

  func testListNamesThroughAProxyWithTheInterfacesDescription() throws {
    let bus = try PrivateSessionBus()
    let address = bus.address
    try gtk {
      let info = try DBusInterfaceInfo(
        xml: """
          <node><interface name="org.freedesktop.DBus">
            <method name="ListNames"><arg type="as" name="names" direction="out"/></method>
          </interface></node>
          """, interface: "org.freedesktop.DBus")
      XCTAssertEqual(info.methods, ["ListNames"])
      let names = LoopTask { () async throws -> [String] in
        let connection = try await Self.open(address)
        let proxy = try await DBusProxy.make(
          connection, flags: [.doNotLoadProperties, .doNotConnectSignals], info: info,
          name: "org.freedesktop.DBus", objectPath: "/org/freedesktop/DBus",
          interfaceName: "org.freedesktop.DBus")
        let reply = try await proxy.call("ListNames", parameters: nil, flags: [], timeoutMsec: -1)
        return reply.children.first?.children.compactMap { $0.value(as: String.self) } ?? []
      }.value()
      XCTAssertTrue(names?.contains("org.freedesktop.DBus") ?? false)

      XCTAssertThrowsError(try DBusInterfaceInfo(xml: "<node>", interface: "x"))
      XCTAssertThrowsError(try DBusInterfaceInfo(xml: "<node/>", interface: "x")) { error in
        XCTAssertTrue((error as? GLibError)?.message.contains("“x”") ?? false)
      }
    }
  }

  func testTheSessionBusFunctionFailsCleanlyWithoutABus() {
    gtk {
      // GtkTestCase runs without a session bus (DBUS_SESSION_BUS_ADDRESS=disabled:).
      let error = LoopTask { try await DBusConnection.bus(.session) }.glibError()
      XCTAssertNotNil(error)
      XCTAssertFalse(error?.isCancelled ?? true)
    }
  }

  func testDisposingACallInFlightDropsTheReplyAndFreesTheCall() throws {
    let bus = try PrivateSessionBus()
    let address = bus.address
    gtk {
      let boxes = GtkBoxes.count
      guard
        let connection = LoopTask({ try await Self.open(address) }).value()
      else { return }
      var events = 0
      let subscription = connection.rx.call(
        "org.freedesktop.DBus", objectPath: "/org/freedesktop/DBus",
        interfaceName: "org.freedesktop.DBus", methodName: "ListNames", parameters: nil,
        replyType: nil, flags: [], timeoutMsec: -1
      ).subscribe(next: { _ in events += 1 }, error: { _ in events += 1 })
      subscription.dispose()
      runMainLoop(until: { GtkBoxes.count == boxes }, "GIO called back")
      runMainLoop(for: .milliseconds(50))
      XCTAssertEqual(events, 0)
    }
  }

  // MARK: Subprocesses

  func testCommunicatingWithASubprocessGivesItsOutputs() throws {
    try gtk {
      let process = try XCTUnwrap(
        try Subprocess(
          argv: ["/bin/sh", "-c", "tr a-z A-Z; echo oops >&2"],
          flags: [.stdinPipe, .stdoutPipe, .stderrPipe]))
      let output = LoopTask { try await process.communicateUtf8("hello\n") }.value()
      XCTAssertEqual(output?.stdout, "HELLO\n")
      XCTAssertEqual(output?.stderr, "oops\n")
      XCTAssertTrue(process.isSuccessful)

      let echo = try XCTUnwrap(
        try Subprocess(argv: ["/bin/echo", "signal"], flags: [.stdoutPipe]))
      let recorder = EventRecorder(echo.rx.communicate(nil))
      recorder.waitForEnd()
      XCTAssertEqual(recorder.values.first?.stdout, Array("signal\n".utf8))
      XCTAssertNil(recorder.values.first?.stderr ?? nil, "stderr was not piped")
    }
  }

  func testWaitingGivesTheExitStatusAndWaitCheckFailsOnAnError() throws {
    try gtk {
      let process = try XCTUnwrap(try Subprocess(argv: ["/bin/sh", "-c", "exit 3"], flags: []))
      XCTAssertNotNil(LoopTask { try await process.wait() }.value())
      XCTAssertTrue(process.ifExited)
      XCTAssertEqual(process.exitStatus, 3)

      let failing = try XCTUnwrap(try Subprocess(argv: ["/bin/false"], flags: []))
      let recorder = EventRecorder(failing.rx.waitCheck())
      recorder.waitForEnd()
      XCTAssertEqual(recorder.error?.domain, "g-spawn-exit-error-quark")
      XCTAssertEqual(recorder.error?.code, 1)
    }
  }

  func testCancellingAWaitOrAReadMidWayThrowsCancelledAndTheProcessLivesOn() throws {
    try gtk {
      let sleeper = try XCTUnwrap(
        try Subprocess(argv: ["/bin/sleep", "30"], flags: [.stdoutPipe]))
      let waiting = LoopTask { try await sleeper.wait() }
      let reading = LoopTask { try await sleeper.stdoutPipe!.readBytes(16) }
      runMainLoop(for: .milliseconds(50))
      XCTAssertNil(waiting.outcome, "still waiting")
      XCTAssertNil(reading.outcome, "still reading")
      waiting.cancel()
      reading.cancel()
      XCTAssertEqual(waiting.glibError()?.isCancelled, true)
      XCTAssertEqual(reading.glibError()?.isCancelled, true)
      XCTAssertNotNil(sleeper.identifier, "the process still runs: it has its pid")
      sleeper.forceExit()
      XCTAssertNotNil(LoopTask { try await sleeper.wait() }.value(), "a new wait sees the end")
      XCTAssertTrue(sleeper.ifSignaled)
    }
  }
}
