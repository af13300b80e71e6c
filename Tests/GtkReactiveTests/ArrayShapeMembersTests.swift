// Generated members whose arrays GIR gives without a length argument (ended by a zero,
// or sized by another argument or by the object), string tables, page ranges and an
// accelerator's key, on real objects.
import Foundation
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class ArrayShapeMembersTests: GtkTestCase {
  /// A file holding `bytes`, removed when the test ends.
  private func temporaryFile(_ bytes: [UInt8]) throws -> String {
    let path = NSTemporaryDirectory() + "array-shapes-\(UUID().uuidString).bin"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
  }

  func testLinesReadFromAStreamKeepTheirZerosAndTheEndIsNil() throws {
    let path = try temporaryFile(Array("ab\u{0}c\nd\n\nlast".utf8))
    try gtk {
      let base = try XCTUnwrap(try AnyFile(path: path).read(nil))
      let stream = DataInputStream(baseStream: base)
      XCTAssertEqual(try stream.readLine(nil), [97, 98, 0, 99], "a zero inside a line")
      XCTAssertEqual(try stream.readLine(nil), [100])
      XCTAssertEqual(try stream.readLine(nil), [], "an empty line is no bytes")
      XCTAssertEqual(try stream.readLine(nil), Array("last".utf8), "the last line, unended")
      XCTAssertNil(try stream.readLine(nil), "the end of the stream")
    }
  }

  func testPeekingABufferedStreamCopiesWithoutConsuming() throws {
    let path = try temporaryFile([10, 20, 30, 40, 50])
    try gtk {
      let stream = BufferedInputStream(baseStream: try XCTUnwrap(try AnyFile(path: path).read(nil)))
      XCTAssertEqual(try stream.fill(-1, cancellable: nil), 5)
      XCTAssertEqual(stream.peek(1, count: 3), [20, 30, 40])
      XCTAssertEqual(stream.peek(3, count: 10), [40, 50], "as many as are buffered")
      XCTAssertEqual(stream.peek(5, count: 2), [], "past the buffer")
      XCTAssertEqual(try stream.readBytes(2, cancellable: nil), [10, 20], "nothing consumed")
    }
  }

  func testAnAddressMadeFromItsBytesReadsBackAsText() {
    gtk {
      XCTAssertEqual(InetAddress(bytes: [192, 0, 2, 7], family: .ipv4).toString(), "192.0.2.7")
      let loopback = InetAddress(bytes: Array(repeating: 0, count: 15) + [1], family: .ipv6)
      XCTAssertEqual(loopback.toString(), "::1")
      XCTAssertTrue(loopback.isLoopback)
    }
  }

  func testAMessagesHeaderFieldsListWhatIsSet() {
    gtk {
      let call = DBusMessage(
        name: "org.example.Notes", path: "/org/example/Notes", interface: "org.example.Notes",
        method: "Open")
      // PATH 1, INTERFACE 2, MEMBER 3, DESTINATION 6; the order is the message's.
      XCTAssertEqual(Set(call.headerFields), [1, 2, 3, 6])
      let bare = DBusMessage(name: nil, path: "/", interface: nil, method: "Ping")
      XCTAssertEqual(Set(bare.headerFields), [1, 3])
    }
  }

  func testAListStoreReordersItsRows() {
    gtk {
      let store = ListStore(types: [String.self])
      for name in ["a", "b", "c", "d"] { store.setValue(store.append(), column: 0, value: name) }
      store.reorder([3, 0, 2, 1])
      var names: [String] = []
      var (valid, iter) = store.iterFirst()
      while valid {
        names.append(store.value(iter, column: 0, as: String.self) ?? "?")
        valid = store.iterNext(&iter)
      }
      XCTAssertEqual(names, ["d", "a", "c", "b"], "row n shows the row that was at new_order[n]")
    }
  }

  func testAnIconsSizesAreReadUpToTheirEnd() throws {
    let root = NSTemporaryDirectory() + "icon-sizes-\(UUID().uuidString)"
    addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
    let theme = root + "/sizes-theme"
    let index = """
      [Icon Theme]
      Name=Sizes
      Directories=16x16/apps,48x48/apps,scalable/apps

      [16x16/apps]
      Size=16
      Type=Fixed

      [48x48/apps]
      Size=48
      Type=Fixed

      [scalable/apps]
      Size=64
      Type=Scalable
      MinSize=8
      MaxSize=512

      """
    for folder in ["16x16/apps", "48x48/apps", "scalable/apps"] {
      try FileManager.default.createDirectory(
        atPath: theme + "/" + folder, withIntermediateDirectories: true)
    }
    try index.write(toFile: theme + "/index.theme", atomically: true, encoding: .utf8)
    try gtk {
      let pixbuf = try XCTUnwrap(
        Pixbuf(colorspace: .rgb, hasAlpha: false, bitsPerSample: 8, width: 1, height: 1))
      let png = try pixbuf.saveToBufferv("png", optionKeys: nil, optionValues: nil).buffer
      for folder in ["16x16/apps", "48x48/apps"] {
        try Data(png).write(to: URL(fileURLWithPath: theme + "/" + folder + "/notes-test.png"))
      }
    }
    try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"/>"#.utf8).write(
      to: URL(fileURLWithPath: theme + "/scalable/apps/notes-test.svg"))
    gtk {
      let icons = IconTheme()
      icons.setSearchPath([root])
      icons.setCustomTheme("sizes-theme")
      // A scalable size is -1; the order is GTK's.
      XCTAssertEqual(Set(icons.iconSizes("notes-test")), [16, 48, -1])
      XCTAssertEqual(icons.iconSizes("no-such-icon"), [])
    }
  }

  func testPrintSettingsPageRangesGoInAndComeBack() {
    gtk {
      let settings = PrintSettings()
      XCTAssertEqual(settings.pageRanges, [])
      let ranges = [PageRange(start: 0, end: 2), PageRange(start: 5, end: 5)]
      settings.setPageRanges(ranges)
      XCTAssertEqual(settings.pageRanges, ranges)
      XCTAssertEqual(settings.get("page-ranges"), "0-2,5", "the setting's own text")
      settings.setPageRanges([])
      XCTAssertEqual(settings.pageRanges, [])
    }
  }

  func testAnAcceleratorPathsKeyIsLookedUp() {
    gtk {
      let path = "<ArrayShapes>/File/Quit-\(UUID().uuidString)"
      XCTAssertFalse(AccelMap.lookupEntry(path).result, "no entry yet")
      AccelMap.addEntry(path, accelKey: 0x071, accelMods: [.control, .shift])
      let (found, key) = AccelMap.lookupEntry(path)
      XCTAssertTrue(found)
      XCTAssertEqual(key.key, 0x071)
      XCTAssertEqual(key.modifiers, [.control, .shift])
      XCTAssertEqual(AccelKey(key.cValue), key, "the C value round-trips")
    }
  }

  func testAPixbufsOptionsAreADictionary() {
    gtk {
      let pixbuf = Pixbuf(colorspace: .rgb, hasAlpha: false, bitsPerSample: 8, width: 1, height: 1)
      XCTAssertEqual(pixbuf?.options, [:])
      XCTAssertEqual(pixbuf?.setOption("tEXt::Title", value: "Notes ✓"), true)
      XCTAssertEqual(pixbuf?.setOption("orientation", value: "6"), true)
      XCTAssertEqual(pixbuf?.options, ["tEXt::Title": "Notes ✓", "orientation": "6"])
    }
  }

  func testARegisteredConnectionTypeIsLookedUp() {
    gtk {
      // Any family, type and protocol can be given a class: a made-up protocol here.
      XCTAssertEqual(
        SocketConnection.factoryLookupType(.ipv6, type: .seqpacket, protocolId: 4242),
        SocketConnection.gType, "the base class when none is registered")
      SocketConnection.factoryRegisterType(
        UnixConnection.self, family: .ipv6, type: .seqpacket, protocol: 4242)
      XCTAssertEqual(
        SocketConnection.factoryLookupType(.ipv6, type: .seqpacket, protocolId: 4242),
        UnixConnection.gType)
    }
  }

  func testAServiceTargetKeepsItsFields() {
    gtk {
      let target = SrvTarget(hostname: "notes.example", port: 5222, priority: 10, weight: 60)
      let copy = target.copy()
      XCTAssertEqual(copy.hostname, "notes.example")
      XCTAssertEqual(copy.port, 5222)
      XCTAssertEqual(copy.priority, 10)
      XCTAssertEqual(copy.weight, 60)
    }
  }
}
