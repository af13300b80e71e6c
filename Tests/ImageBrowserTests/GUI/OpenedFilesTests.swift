// Files GApplication's `open` hands over keep names that are not UTF-8 (GFile wrappers
// are made on the main thread, hence XCTest).
import CGtk
import Foundation
import GtkReactive
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

final class OpenedFilesTests: GUITestCase {
  func testOpenedFilesKeepNamesThatAreNotUTF8() {
    let latin1: [UInt8] = Array("/tmp/photos/caf".utf8) + [0xE9] + Array(".jpg".utf8)
    let paths: [[UInt8]] = [latin1, Array("/tmp/plain name.png".utf8)]
    gtk {
      let files: [any File] = paths.map { path in
        let raw = (path + [0]).withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { g_file_new_for_path($0.baseAddress)! }
        }
        return AnyFile(takingOwnership: raw)
      }
      let urls = BrowserApplication.urls(files)
      XCTAssertEqual(urls.map { FilePathBytes.bytes(of: $0) }, paths)
    }
  }
}
