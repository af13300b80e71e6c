// Generated members that give bytes (an out array with an out length, a returned array,
// a `GBytes`) or take a `GBytes`, all as `[UInt8]`.
import Foundation
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class ByteMembersTests: GtkTestCase {
  /// Bytes with zeros among them, which no C string would carry.
  private static let bytes: [UInt8] = [0, 1, 2, 255, 10, 0, 42]

  func testAFilesContentsAndBytesReadBackWithTheirZeros() throws {
    let path = NSTemporaryDirectory() + "contents-\(UUID().uuidString).bin"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(Self.bytes).write(to: URL(fileURLWithPath: path))
    try gtk {
      let file = AnyFile(path: path)
      let (loaded, contents, etag) = try file.loadContents(nil)
      XCTAssertTrue(loaded)
      XCTAssertEqual(contents, Self.bytes)
      XCTAssertNotNil(etag)
      XCTAssertEqual(try file.loadBytes(nil).result, Self.bytes)
      let stream = try XCTUnwrap(try file.read(nil))
      XCTAssertEqual(try stream.readBytes(3, cancellable: nil), [0, 1, 2])
      XCTAssertEqual(try stream.readBytes(100, cancellable: nil), [255, 10, 0, 42])
      XCTAssertEqual(try stream.readBytes(100, cancellable: nil), [], "at the end")
      // Into a buffer the member allocates: as many bytes as C filled.
      let again = try XCTUnwrap(try file.read(nil))
      XCTAssertEqual(try again.read(2, cancellable: nil), [0, 1])
      let (read, rest, count) = try again.readAll(100, cancellable: nil)
      XCTAssertTrue(read)
      XCTAssertEqual(rest, [2, 255, 10, 0, 42])
      XCTAssertEqual(count, 5)
      XCTAssertEqual(try again.read(10, cancellable: nil), [], "at the end")
      XCTAssertEqual(try again.read(0, cancellable: nil), [], "no room")
      XCTAssertThrowsError(try AnyFile(path: path + ".missing").loadContents(nil))
    }
  }

  func testAnEmptyFileLoadsAsNoBytes() throws {
    let path = NSTemporaryDirectory() + "empty-\(UUID().uuidString).bin"
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = FileManager.default.createFile(atPath: path, contents: Data())
    try gtk {
      XCTAssertEqual(try AnyFile(path: path).loadContents(nil).contents, [])
      XCTAssertEqual(try AnyFile(path: path).loadBytes(nil).result, [])
    }
  }

  func testBytesWrittenToAStreamReachTheFile() throws {
    let path = NSTemporaryDirectory() + "written-\(UUID().uuidString).bin"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try gtk {
      let stream = try XCTUnwrap(
        try AnyFile(path: path).replace(nil, makeBackup: false, flags: [], cancellable: nil))
      XCTAssertEqual(try stream.writeBytes(Self.bytes, cancellable: nil), Self.bytes.count)
      XCTAssertEqual(try stream.writeBytes([], cancellable: nil), 0)
      XCTAssertTrue(try stream.close(nil))
    }
    XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), Self.bytes)
  }

  func testAPixbufMadeFromBytesGivesItsPixelsBackAndSavesToABuffer() throws {
    // 2×1 RGB: red, then blue; a row of 6 bytes.
    let pixels: [UInt8] = [255, 0, 0, 0, 0, 255]
    try gtk {
      let pixbuf = Pixbuf(
        data: pixels, colorspace: .rgb, hasAlpha: false, bitsPerSample: 8, width: 2,
        height: 1, rowstride: 6)
      XCTAssertEqual(pixbuf.readPixelBytes(), pixels)
      XCTAssertEqual(Array(pixbuf.pixels.prefix(6)), pixels)
      let (saved, png) = try pixbuf.saveToBufferv("png", optionKeys: nil, optionValues: nil)
      XCTAssertTrue(saved)
      XCTAssertEqual(Array(png.prefix(8)), [137, 80, 78, 71, 13, 10, 26, 10], "PNG's signature")
      let loader = PixbufLoader()
      XCTAssertTrue(try loader.writeBytes(png))
      XCTAssertTrue(try loader.close())
      XCTAssertEqual(loader.pixbuf?.readPixelBytes(), pixels, "the PNG decodes to the same pixels")
      XCTAssertThrowsError(
        try pixbuf.saveToBufferv("no-such-format", optionKeys: nil, optionValues: nil))
    }
  }

  func testATextBufferSerializesItsRichTextToBytes() {
    gtk {
      let buffer = TextBuffer()
      buffer.text = "hello"
      let format = buffer.registerSerializeTagset(nil)
      let serialized = buffer.serialize(
        buffer, format: format, start: buffer.startIter, end: buffer.endIter)
      XCTAssertTrue(
        serialized.starts(with: Array("GTKTEXTBUFFERCONTENTS-0001".utf8)),
        String(decoding: serialized.prefix(40), as: UTF8.self))
      XCTAssertTrue(String(decoding: serialized, as: UTF8.self).contains("hello"))
    }
  }

  func testASubprocessIsFedBytesAndGivesItsOutputAsBytes() throws {
    try gtk {
      let cat = try XCTUnwrap(try Subprocess(argv: ["cat"], flags: [.stdinPipe, .stdoutPipe]))
      let (finished, output, errors) = try cat.communicate(Self.bytes, cancellable: nil)
      XCTAssertTrue(finished)
      XCTAssertEqual(output, Self.bytes)
      XCTAssertNil(errors, "stderr was not piped")
    }
  }
}
