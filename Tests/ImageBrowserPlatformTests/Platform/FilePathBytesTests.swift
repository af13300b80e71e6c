// File paths that are not UTF-8 survive the trip through a URL, and match GLib's URIs.
import CImaging
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("File path bytes")
  @MainActor
  struct FilePathBytesTests {
    static let latin1: [UInt8] = Array("/tmp/photos/caf".utf8) + [0xE9] + Array(".jpg".utf8)

    @Test("a name that is not UTF-8 keeps its exact bytes")
    func invalidUTF8RoundTrips() {
      let url = FilePathBytes.url(forPath: Self.latin1)
      #expect(FilePathBytes.bytes(of: url) == Self.latin1)
      url.withFileSystemPath { path in
        #expect(strlen(path) == Self.latin1.count)
        #expect(UInt8(bitPattern: path[15]) == 0xE9)
      }
      #expect(ImageItem(url: url).displayName == "caf\u{FFFD}.jpg")
    }

    @Test("the URL is GLib's URI for the same bytes, so the thumbnail cache agrees")
    func matchesGLib() {
      let paths: [[UInt8]] = [
        Self.latin1, Array("/tmp/a b/100% [x] #1 ?é's.png".utf8),
        Array("/tmp/!$&'()*+,;=:@~-._".utf8),
      ]
      for path in paths {
        let glib = (path + [0]).withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { raw -> String in
            let uri = g_filename_to_uri(raw.baseAddress, nil, nil)!
            defer { g_free(uri) }
            return String(cString: uri)
          }
        }
        #expect(FilePathBytes.url(forPath: path).absoluteString == glib)
        #expect(FilePathBytes.bytes(of: FilePathBytes.url(forPath: path)) == path)
      }
    }

    @Test("ordinary paths read the same through Foundation")
    func ordinaryPaths() {
      let url = FilePathBytes.url(forPath: "/tmp/My Photos/IMG 1.jpg")
      #expect(url.path == "/tmp/My Photos/IMG 1.jpg")
      #expect(url.lastPathComponent == "IMG 1.jpg")
      #expect(
        FilePathBytes.bytes(of: URL(fileURLWithPath: "/tmp/My Photos/"))
          == Array("/tmp/My Photos".utf8))
      #expect(
        FilePathBytes.url(forPath: "/tmp/x", isDirectory: true).absoluteString == "file:///tmp/x/")
    }
  }
}
