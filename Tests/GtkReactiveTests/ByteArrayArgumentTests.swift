// Generated members that read a byte array with its length (`[UInt8]`, the length taken
// from the array): CSS from bytes, a file's contents, an image fed to a loader.
import Foundation
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class ByteArrayArgumentTests: GtkTestCase {
  func testCSSLoadsFromBytesAndBadBytesThrow() throws {
    try gtk {
      let provider = CssProvider()
      XCTAssertNoThrow(try provider.loadFromData(Array("label { color: #ff0000; }".utf8)))
      XCTAssertTrue(provider.toString().contains("color: rgb(255,0,0)"), provider.toString())
      XCTAssertThrowsError(try provider.loadFromData(Array("label { color: ".utf8)))
    }
  }

  func testAFilesContentsAreReplacedByBytes() throws {
    let path = NSTemporaryDirectory() + "bytes-\(UUID().uuidString).bin"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let bytes: [UInt8] = [0, 1, 2, 255, 10, 0, 42]
    try gtk {
      let file = AnyFile(path: path)
      let (written, _) = try file.replaceContents(
        bytes, etag: nil, makeBackup: false, flags: [], cancellable: nil)
      XCTAssertTrue(written)
      let (emptied, _) = try file.replaceContents(
        [], etag: nil, makeBackup: false, flags: [], cancellable: nil)
      XCTAssertTrue(emptied, "no bytes is a valid array")
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)).count, 0)
      _ = try file.replaceContents(bytes, etag: nil, makeBackup: false, flags: [], cancellable: nil)
    }
    XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), bytes)
  }

  func testAnImageFedToALoaderInChunksDecodes() throws {
    // A 1×1 PPM image: the loader takes it in two writes.
    let image = Array("P6\n1 1\n255\n".utf8) + [200, 100, 50]
    try gtk {
      let loader = PixbufLoader()
      XCTAssertTrue(try loader.write(Array(image[0..<5])))
      XCTAssertTrue(try loader.write(Array(image[5...])))
      XCTAssertTrue(try loader.close())
      XCTAssertEqual(loader.pixbuf?.width, 1)
      XCTAssertEqual(loader.pixbuf?.height, 1)
    }
  }
}
