// Generated members over GLib's byte arrays (a certificate database's lookup by issuer),
// bytes a pixbuf lends, a cancellable's poll record, an accelerator group's entries and
// a socket's messages with ancillary data, on real objects.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class ByteArrayAndRecordMembersTests: GtkTestCase {

  /// The DER encoding of the name CN=notes.example, as a certificate's issuer field has it.
  private static let issuer: [UInt8] =
    [0x30, 0x18, 0x31, 0x16, 0x30, 0x14, 0x06, 0x03, 0x55, 0x04, 0x03, 0x0C, 0x0D]
    + Array("notes.example".utf8)

  /// A file of `TestCertificate`, removed when the test ends.
  private func anchorsFile() throws -> String {
    let path = NSTemporaryDirectory() + "anchors-\(UUID().uuidString).pem"
    try TestCertificate.pem.write(toFile: path, atomically: true, encoding: .utf8)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
  }

  /// A certificate database whose one anchor is the certificate in `path`.
  @MainActor private static func database(anchors path: String) throws -> TlsDatabase {
    // A file database is the TLS backend's: no Swift constructor wraps it.
    var error: UnsafeMutablePointer<GError>?
    let made = g_tls_file_database_new(path, &error)
    if let error {
      let message = String(cString: error.pointee.message)
      g_error_free(error)
      throw XCTSkip("no TLS backend: \(message)")
    }
    return TlsDatabase(takingOwnership: OpaquePointer(try XCTUnwrap(made)))
  }

  func testADatabaseFindsTheCertificatesAnIssuerSignedInBothForms() throws {
    let anchors = try anchorsFile()
    try gtk {
      let database = try Self.database(anchors: anchors)
      let found = try database.lookupCertificatesIssuedBy(
        Self.issuer, interaction: nil, flags: .none, cancellable: nil)
      XCTAssertEqual(found.count, 1)
      XCTAssertEqual(found.first?.subjectName, "CN=notes.example")
      XCTAssertEqual(
        try database.lookupCertificatesIssuedBy(
          Array(Self.issuer.dropLast()) + [0x78], interaction: nil, flags: .none, cancellable: nil
        ).count, 0, "another issuer")
      // The asynchronous lookup keeps its own reference to the issuer's bytes.
      let later = LoopTask {
        try await database.lookupCertificatesIssuedBy(Self.issuer, interaction: nil, flags: .none)
      }.value()
      XCTAssertEqual(later?.count, 1)
      let recorder = EventRecorder(
        database.rx.lookupCertificatesIssuedBy(Self.issuer, interaction: nil, flags: .none))
      recorder.waitForEnd()
      XCTAssertEqual(recorder.values.first?.count, 1)
      XCTAssertTrue(recorder.completed)
    }
  }

  func testAPixbufLendsItsPixelsAsACopyOfItsLength() throws {
    try gtk {
      // 2×2 RGB with rows padded to 4-byte strides: the last row is not padded.
      let pixbuf = try XCTUnwrap(
        Pixbuf(colorspace: .rgb, hasAlpha: false, bitsPerSample: 8, width: 2, height: 2))
      pixbuf.fill(0x1122_33FF)
      let pixels = pixbuf.readPixels()
      XCTAssertEqual(pixels.count, pixbuf.byteLength)
      XCTAssertEqual(pixels.count, pixbuf.rowstride + 6)
      XCTAssertEqual(Array(pixels.prefix(6)), [0x11, 0x22, 0x33, 0x11, 0x22, 0x33])
    }
  }

  func testACancellablesPollRecordBecomesReadableWhenCancelled() {
    gtk {
      let cancellable = Cancellable()
      let (made, record) = cancellable.makePollfd()
      XCTAssertTrue(made)
      XCTAssertGreaterThanOrEqual(record.fd, 0)
      XCTAssertEqual(record.events, .in)
      var poll = record.cValue
      XCTAssertEqual(g_poll(&poll, 1, 0), 0, "not readable before the cancel")
      cancellable.cancel()
      poll = record.cValue
      XCTAssertEqual(g_poll(&poll, 1, 0), 1)
      XCTAssertNotEqual(poll.revents & UInt16(G_IO_IN.rawValue), 0)
      cancellable.releaseFd()
    }
  }

  func testAnAcceleratorGroupListsTheEntriesOfAKey() {
    gtk {
      let group = AccelGroup()
      let button = Button()
      XCTAssertEqual(group.query(0x073, accelMods: .control), [])
      button.addAccelerator(
        "clicked", accelGroup: group, accelKey: 0x073, accelMods: .control, accelFlags: .visible)
      let entries = group.query(0x073, accelMods: .control)
      XCTAssertEqual(entries.count, 1)
      XCTAssertEqual(entries.first?.key.key, 0x073)
      XCTAssertEqual(entries.first?.key.modifiers, .control)
      XCTAssertEqual(entries.first?.key.flags.contains(.visible), true, "GTK adds .locked")
      XCTAssertNil(entries.first?.path, "connected by a widget, not an accelerator path")
      XCTAssertEqual(group.query(0x073, accelMods: [.control, .shift]), [])
      button.destroy()
    }
  }

  func testASocketSendsBytesWithADescriptorAsAncillaryData() throws {
    var pair: [Int32] = [-1, -1]
    XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair), 0)
    let pipe = Pipe()
    try gtk {
      let ends = try pair.map { try XCTUnwrap(try Socket(fd: Int($0))) }
      let message = UnixFDMessage()
      XCTAssertTrue(try message.appendFd(Int(pipe.fileHandleForWriting.fileDescriptor)))
      // The one byte with a descriptor that a Unix connection's receiveFd expects.
      let sent = try ends[0].sendMessage(
        nil, vectors: [[0]], messages: [message], flags: 0, cancellable: nil)
      XCTAssertEqual(sent, 1)
      let (status, written) = try ends[0].sendMessageWithTimeout(
        nil, vectors: [[1, 2], [3]], messages: [], flags: 0, timeoutUs: 0, cancellable: nil)
      XCTAssertEqual(status, .ok)
      XCTAssertEqual(written, 3)
      let peer = try XCTUnwrap(
        ends[1].connectionFactoryCreateConnection()?.cast(to: UnixConnection.self))
      let received = try peer.receiveFd(nil)
      let text = Array("ancillary".utf8)
      XCTAssertEqual(
        text.withUnsafeBytes { write(Int32(received), $0.baseAddress, $0.count) }, text.count)
      close(Int32(received))
      try pipe.fileHandleForWriting.close()
      XCTAssertEqual(try ends[1].receive(3, cancellable: nil), [1, 2, 3], "the vectors in order")
    }
    XCTAssertEqual(
      String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "ancillary")
  }

  func testAnAnimationAdvancesByTheTimesGiven() throws {
    try gtk {
      // Two frames at 10 per second: each shows for 100 ms.
      let animation = PixbufSimpleAnim(width: 1, height: 1, rate: 10)
      animation.isLoop = false
      for color: UInt32 in [0xFF00_00FF, 0x0000_FFFF] {
        let frame = try XCTUnwrap(
          Pixbuf(colorspace: .rgb, hasAlpha: false, bitsPerSample: 8, width: 1, height: 1))
        frame.fill(Int(color))
        animation.addFrame(frame)
      }
      let start = TimeVal(Date(timeIntervalSince1970: 1_000_000.25))
      XCTAssertEqual(start, TimeVal(seconds: 1_000_000, microseconds: 250_000))
      XCTAssertEqual(start.date.timeIntervalSince1970, 1_000_000.25)
      let iter = try XCTUnwrap(animation.iter(start))
      XCTAssertEqual(iter.pixbuf?.readPixels(), [255, 0, 0], "the first frame at the start")
      XCTAssertFalse(iter.advance(TimeVal(seconds: 1_000_000, microseconds: 300_000)))
      XCTAssertTrue(iter.advance(TimeVal(seconds: 1_000_000, microseconds: 360_000)))
      XCTAssertEqual(iter.pixbuf?.readPixels(), [0, 0, 255], "the second frame 110 ms later")
    }
  }

  func testACertificatesBytesNamesAndAddressesAreReadAsProperties() throws {
    try gtk {
      let certificate = try TestCertificate.make()
      // The DER bytes: a SEQUENCE whose issuer name is the one above.
      let der = certificate.certificate
      XCTAssertEqual(der.first, 0x30)
      XCTAssertGreaterThan(der.count, 400)
      XCTAssertNotNil(
        der.indices.first { der[$0...].starts(with: Self.issuer) }, "the issuer's name inside")
      XCTAssertEqual(certificate.privateKey, [], "no key was given")
      var names: [[UInt8]] = []
      var addresses: [String] = []
      let subscriptions = [
        certificate.rx.dnsNames.subscribe(next: { names = $0 }),
        certificate.rx.ipAddresses.subscribe(next: { addresses = $0.map { $0.toString() } }),
      ]
      defer { subscriptions.forEach { $0.dispose() } }
      XCTAssertEqual(
        names.map { String(decoding: $0, as: UTF8.self) }, ["notes.example", "www.notes.example"])
      XCTAssertEqual(addresses, ["192.0.2.7"])
    }
  }

  func testAPixbufsBytesAndAStoresItemTypeAreReadAsProperties() {
    gtk {
      let pixbuf = Pixbuf(
        data: [1, 2, 3, 4, 5, 6], colorspace: .rgb, hasAlpha: false, bitsPerSample: 8,
        width: 2, height: 1, rowstride: 6)
      XCTAssertEqual(pixbuf.pixelBytes, [1, 2, 3, 4, 5, 6])
      XCTAssertEqual(Gio.ListStore(itemType: Label.self).itemType, Label.gType)
    }
  }

  func testAStreamWritesSeveralBuffersAsynchronouslyInBothForms() throws {
    let path = NSTemporaryDirectory() + "vectors-async-\(UUID().uuidString).bin"
    addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    try gtk {
      let stream = try XCTUnwrap(try AnyFile(path: path).create([], cancellable: nil))
      let written = LoopTask { try await stream.writevAll([[1, 2, 3], [], [4, 5]]) }.value()
      XCTAssertEqual(written, 5)
      // The signal is cold: each subscription writes the same buffers from their start.
      let twice = stream.rx.writevAll([[6], [7, 8]])
      for _ in 0..<2 {
        let recorder = EventRecorder(twice)
        recorder.waitForEnd()
        XCTAssertEqual(recorder.values, [3])
      }
      XCTAssertEqual(LoopTask { try await stream.writev([[9]]) }.value(), 1)
      XCTAssertTrue(try stream.close(nil))
    }
    XCTAssertEqual(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))),
      [1, 2, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9])
  }
}
