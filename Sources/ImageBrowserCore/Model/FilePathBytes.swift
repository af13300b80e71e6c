// File paths as the kernel's bytes: Linux file names need not be valid UTF-8.
import Foundation

/// Helpers that keep a file's path exact when its name is not valid UTF-8.
///
/// Foundation's `URL(fileURLWithPath:)` and `URL.path` go through `String`, which
/// replaces invalid bytes with U+FFFD: such a file could then be listed but never
/// opened. The browser therefore builds every file URL from the path's bytes,
/// percent-encoded exactly as GLib's `g_filename_to_uri` does (so `absoluteString` is
/// also the URI the shared thumbnail cache hashes), and turns URLs back into bytes with
/// `withFileSystemPath(_:)` whenever it touches the file.
package nonisolated enum FilePathBytes {
  /// The bytes of `path` (absolute) as a `file://` URL whose `absoluteString` is GLib's
  /// URI for it: every byte but the unreserved ones and `!$&'()*+,=:@/` is
  /// percent-encoded.
  package static func url(
    forPath path: some BidirectionalCollection<UInt8>, isDirectory: Bool = false
  )
    -> URL
  {
    // Written straight into the String's own storage in one pass: building an array
    // first and decoding it into a String cost a third of each file's URL when listing
    // a large folder; Foundation's parse of the result is the rest.
    let prefix = "file://".utf8
    let text = String(unsafeUninitializedCapacity: prefix.count + path.count * 3 + 1) {
      buffer in
      var end = 0
      func put(_ byte: UInt8) {
        buffer[end] = byte
        end += 1
      }
      for byte in prefix { put(byte) }
      for byte in path {
        if isKept(byte) {
          put(byte)
        } else {
          put(UInt8(ascii: "%"))
          put(hexDigit(byte >> 4))
          put(hexDigit(byte & 0xF))
        }
      }
      if isDirectory, path.last != UInt8(ascii: "/") { put(UInt8(ascii: "/")) }
      return end
    }
    // Every byte is ASCII and valid in a URL by construction.
    return URL(string: text)!
  }

  /// `path` (a `String`, so valid UTF-8) as a file URL; see `url(forPath:isDirectory:)`.
  package static func url(forPath path: String, isDirectory: Bool = false) -> URL {
    url(forPath: Array(path.utf8), isDirectory: isDirectory)
  }

  /// The path bytes of a `file://` URL, percent-decoded from its `absoluteString`
  /// (without a trailing slash unless the path is `/`).
  package static func bytes(of url: URL) -> [UInt8] {
    var encoded = Substring(url.absoluteString)
    if encoded.hasPrefix("file://") { encoded = encoded.dropFirst(7) }
    if let end = encoded.firstIndex(where: { $0 == "?" || $0 == "#" }) {
      encoded = encoded[..<end]
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(encoded.utf8.count)
    var iterator = encoded.utf8.makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
        let value = hexValue(high, low)
      {
        bytes.append(value)
      } else {
        bytes.append(byte)
      }
    }
    if bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
    return bytes
  }

  /// The last component of `url`'s path for display: invalid UTF-8 shows as U+FFFD,
  /// as `g_filename_display_basename` shows it.
  package static func displayName(of url: URL) -> String {
    let path = bytes(of: url)
    let name = path.split(separator: UInt8(ascii: "/")).last ?? path[...]
    return String(decoding: name, as: UTF8.self)
  }

  /// Whether `byte` appears literally in GLib's file URIs.
  private static func isKept(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
      UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"),
      UInt8(ascii: "/"):
      return true
    default:
      return false
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
  }

  private static func hexValue(_ high: UInt8, _ low: UInt8) -> UInt8? {
    func nibble(_ c: UInt8) -> UInt8? {
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
      default: nil
      }
    }
    guard let h = nibble(high), let l = nibble(low) else { return nil }
    return h << 4 | l
  }
}

nonisolated extension URL {
  /// Calls `body` with this file URL's exact path as a C string (the kernel's bytes,
  /// not necessarily UTF-8); use it for every system call on a browsed file.
  package func withFileSystemPath<Result>(
    _ body: (UnsafePointer<CChar>) throws -> Result
  ) rethrows -> Result {
    var bytes = FilePathBytes.bytes(of: self)
    bytes.append(0)
    return try bytes.withUnsafeBufferPointer { buffer in
      try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
  }
}
