// GLib functions that keep the pointer they are given must never get a Swift string.
import Foundation
import XCTest

final class StaticStringTests: XCTestCase {
  /// `g_quark_from_static_string`, `g_intern_static_string` and
  /// `gdk_atom_intern_static_string` keep the C string they are given; a Swift string
  /// passed to C is a temporary copy, so GLib would later read freed memory
  /// (AddressSanitizer caught it in `gtk_widget_realize`; an atom interned that way was
  /// later named "" and matched no target). Use `g_quark_from_string` / `g_intern_string`
  /// / `gdk_atom_intern`, which copy.
  func testNoSwiftCodeHandsGLibATemporaryAsAStaticString() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    var offenders: [String] = []
    for folder in ["Sources", "Examples", "Tests"] {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "swift", !url.path.contains("/.build"),
          url.lastPathComponent != "StaticStringTests.swift"
        else { continue }
        let text = try String(contentsOf: url, encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
          .enumerated()
        where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
          && (line.contains("g_quark_from_static_string(")
            || line.contains("g_intern_static_string(")
            || line.contains("gdk_atom_intern_static_string("))
        {
          offenders.append("\(url.lastPathComponent):\(number + 1)")
        }
      }
    }
    XCTAssertEqual(offenders, [], "static-string GLib calls with Swift strings")
  }
}
