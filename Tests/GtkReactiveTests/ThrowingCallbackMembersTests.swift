// Callbacks that report failure through a `GError`, as a Swift closure that throws, and
// that give bytes back: a pixbuf saved in chunks through a closure, rich text read and
// written by registered formats.
import GtkReactiveTesting
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class ThrowingCallbackMembersTests: GtkTestCase {
  private struct DiskFull: Error {}

  func testAPixbufIsSavedThroughAClosureInChunksThatMakeTheImageAgain() throws {
    try gtk {
      let pixbuf = try XCTUnwrap(
        Pixbuf(colorspace: .rgb, hasAlpha: false, bitsPerSample: 8, width: 16, height: 8))
      pixbuf.fill(0xff00_00ff)
      var saved: [UInt8] = []
      var chunks = 0
      XCTAssertTrue(
        try pixbuf.saveToCallbackv(
          { chunk in
            saved += chunk
            chunks += 1
          }, type: "png", optionKeys: nil, optionValues: nil))
      XCTAssertGreaterThan(chunks, 0)
      XCTAssertEqual(Array(saved.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG")
      let loader = PixbufLoader()
      XCTAssertTrue(try loader.write(saved))
      XCTAssertTrue(try loader.close())
      XCTAssertEqual(loader.pixbuf?.width, 16, "the bytes make the image again")
      XCTAssertEqual(loader.pixbuf?.height, 8)
    }
  }

  func testWhatTheSaveClosureThrowsIsTheSavesError() throws {
    try gtk {
      let pixbuf = try XCTUnwrap(
        Pixbuf(colorspace: .rgb, hasAlpha: false, bitsPerSample: 8, width: 4, height: 4))
      XCTAssertThrowsError(
        try pixbuf.saveToCallbackv(
          { _ in throw DiskFull() }, type: "png", optionKeys: nil, optionValues: nil)
      ) { error in
        XCTAssertTrue((error as? GLibError)?.message.contains("DiskFull") ?? false, "\(error)")
      }
    }
  }

  func testARegisteredRichTextFormatReadsDataIntoTheBufferOrFailsWithItsError() throws {
    try gtk {
      let buffer = TextBuffer()
      let shout = buffer.registerDeserializeFormat("text/x-shout") {
        _, content, iter, data, _ in
        var at = iter
        content.insert(&at, text: String(decoding: data, as: UTF8.self).uppercased())
      }
      XCTAssertEqual(shout, "text/x-shout")
      XCTAssertTrue(buffer.deserializeFormats.contains("text/x-shout"))
      XCTAssertTrue(
        try buffer.deserialize(
          buffer, format: shout, iter: buffer.startIter, data: Array("hello".utf8)))
      XCTAssertEqual(buffer.text, "HELLO")

      let refusing = buffer.registerDeserializeFormat("text/x-refused") { _, _, _, _, _ in
        throw DiskFull()
      }
      XCTAssertThrowsError(
        try buffer.deserialize(
          buffer, format: refusing, iter: buffer.startIter, data: Array("x".utf8))
      ) { error in
        XCTAssertTrue((error as? GLibError)?.message.contains("DiskFull") ?? false, "\(error)")
      }
      XCTAssertEqual(buffer.text, "HELLO", "nothing read")
    }
  }

  func testARegisteredRichTextFormatWritesWhatItsClosureReturns() {
    gtk {
      let buffer = TextBuffer()
      buffer.text = "hello world"
      var ranges: [String] = []
      let reversed = buffer.registerSerializeFormat("text/x-reversed") { _, content, start, end in
        let text = content.getText(start, end: end, includeHiddenChars: true)
        ranges.append(text)
        return Array(String(text.reversed()).utf8)
      }
      let silent = buffer.registerSerializeFormat("text/x-silent") { _, _, _, _ in nil }
      XCTAssertTrue(buffer.serializeFormats.contains(reversed))
      let written = buffer.serialize(
        buffer, format: reversed, start: buffer.startIter, end: buffer.endIter)
      XCTAssertEqual(String(decoding: written, as: UTF8.self), "dlrow olleh")
      XCTAssertEqual(ranges, ["hello world"], "the closure got the range asked for")
      XCTAssertEqual(
        buffer.serialize(buffer, format: silent, start: buffer.startIter, end: buffer.endIter),
        [], "nil writes nothing")
    }
  }
}
