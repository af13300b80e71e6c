// File descriptors through the generated API: a descriptor list, a Unix socket
// connection passing one to its peer, and D-Bus messages and calls carrying them.
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class UnixFDListTests: GtkTestCase {
  /// Writes `text` to descriptor `fd`.
  private static func write(_ text: String, to fd: Int) {
    let bytes = Array(text.utf8)
    XCTAssertEqual(
      bytes.withUnsafeBytes { Glibc.write(Int32(fd), $0.baseAddress, $0.count) }, bytes.count)
  }

  /// What a pipe's read end has, once its write ends are all closed.
  private static func rest(of pipe: Pipe) -> String {
    String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  func testADescriptorListKeepsItsOwnCopiesAndGivesNewOnes() throws {
    let pipe = Pipe()
    try gtk {
      let writer = Int(pipe.fileHandleForWriting.fileDescriptor)
      let list = UnixFDList()
      XCTAssertEqual(try list.append(writer), 0, "the index of the descriptor")
      XCTAssertEqual(list.length, 1)
      let held = list.peekFds()
      XCTAssertEqual(held.count, 1)
      XCTAssertNotEqual(held.first, writer, "the list holds a duplicate")
      let given = try list.get(0)
      XCTAssertFalse([writer, held[0]].contains(given), "each get gives a new duplicate")
      Self.write("through the list", to: given)
      close(Int32(given))
      try pipe.fileHandleForWriting.close()
      // The list's own copy is closed with the list: only then does the pipe end.
    }
    XCTAssertEqual(Self.rest(of: pipe), "through the list")
  }

  func testAListMadeFromDescriptorsOwnsThem() throws {
    let pipe = Pipe()
    try gtk {
      let writer = dup(pipe.fileHandleForWriting.fileDescriptor)
      try pipe.fileHandleForWriting.close()
      let list = UnixFDList(fds: [Int(writer)])
      XCTAssertEqual(list.peekFds(), [Int(writer)], "adopted as given")
      Self.write("adopted", to: Int(writer))
    }
    XCTAssertEqual(Self.rest(of: pipe), "adopted", "closed with the list")
  }

  func testAUnixConnectionPassesADescriptorToItsPeer() throws {
    var pair: [Int32] = [-1, -1]
    XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair), 0)
    let pipe = Pipe()
    try gtk {
      let ends = try pair.map { try XCTUnwrap(try Socket(fd: Int($0))) }
      let connections = try ends.map {
        try XCTUnwrap($0.connectionFactoryCreateConnection()?.cast(to: UnixConnection.self))
      }
      XCTAssertTrue(
        try connections[0].sendFd(Int(pipe.fileHandleForWriting.fileDescriptor), cancellable: nil))
      let received = try connections[1].receiveFd(nil)
      XCTAssertGreaterThanOrEqual(received, 0)
      Self.write("passed", to: received)
      close(Int32(received))
      try pipe.fileHandleForWriting.close()
    }
    XCTAssertEqual(Self.rest(of: pipe), "passed")
  }

  func testAMessageCarriesItsDescriptorList() throws {
    let pipe = Pipe()
    try gtk {
      let message = DBusMessage(name: nil, path: "/", interface: nil, method: "Ping")
      XCTAssertNil(message.unixFdList)
      let list = UnixFDList()
      try list.append(Int(pipe.fileHandleForWriting.fileDescriptor))
      message.unixFdList = list
      XCTAssertEqual(message.numUnixFds, 1, "the header counts the descriptors")
      XCTAssertEqual(message.unixFdList?.peekFds(), list.peekFds())
      message.unixFdList = nil
      XCTAssertEqual(message.numUnixFds, 0)
    }
  }

  func testACallOverARealBusTakesDescriptorsInBothForms() throws {
    let bus = try PrivateSessionBus()
    let address = bus.address
    let pipe = Pipe()
    try gtk {
      let connection = try XCTUnwrap(LoopTask { try await PrivateSessionBus.open(address) }.value())
      let peer = try XCTUnwrap(LoopTask { try await PrivateSessionBus.open(address) }.value())
      let list = UnixFDList()
      try list.append(Int(pipe.fileHandleForWriting.fileDescriptor))
      // GDBus answers org.freedesktop.DBus.Peer on every connection: the peer's Ping,
      // sent through the bus with a descriptor, which the bus passes on.
      let (reply, given) = try XCTUnwrap(
        LoopTask {
          try await connection.callWithUnixFdList(
            peer.uniqueName, objectPath: "/", interfaceName: "org.freedesktop.DBus.Peer",
            methodName: "Ping", parameters: nil, replyType: "()", flags: [], timeoutMsec: 5000,
            fdList: list)
        }.value())
      XCTAssertEqual(reply.typeString, "()")
      XCTAssertNil(given, "Ping's reply carries no descriptors")
      let recorder = EventRecorder(
        connection.rx.callWithUnixFdList(
          peer.uniqueName, objectPath: "/", interfaceName: "org.freedesktop.DBus.Peer",
          methodName: "GetMachineId", parameters: nil, replyType: "(s)", flags: [],
          timeoutMsec: 5000, fdList: list))
      recorder.waitForEnd()
      XCTAssertTrue(recorder.completed)
      XCTAssertEqual(recorder.values.first?.result.typeString, "(s)")
      // A message of the caller's own, with its descriptors, and the reply message.
      let ping = DBusMessage(
        name: peer.uniqueName, path: "/", interface: "org.freedesktop.DBus.Peer",
        method: "Ping")
      ping.unixFdList = list
      let answer = try XCTUnwrap(
        LoopTask {
          try await connection.sendMessageWithReply(ping, flags: [], timeoutMsec: 5000)
        }.value())
      XCTAssertEqual(answer.messageType, .methodReturn)
      XCTAssertEqual(answer.replySerial, ping.serial, "the reply to the message sent")
      // An unknown method fails with the peer's error, descriptors or not.
      XCTAssertThrowsError(
        try connection.callWithUnixFdListSync(
          peer.uniqueName, objectPath: "/", interfaceName: "org.freedesktop.DBus.Peer",
          methodName: "NoSuchMethod", parameters: nil, replyType: nil, flags: [],
          timeoutMsec: 5000, fdList: list, cancellable: nil))
    }
    _ = bus
  }
}
