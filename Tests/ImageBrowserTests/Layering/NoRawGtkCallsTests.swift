// View/ and App/ (and the examples' apps) use GtkReactive, never GTK's C functions.
import Foundation
import Testing

@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserTests {
  @Suite("No raw GTK calls")
  @MainActor
  struct NoRawGtkCallsTests {
    /// The folders whose sources must call no `gtk_`, `gdk_` or `g_` function: the
    /// image browser's views and app, and every example's `Sources/`. Cairo painting
    /// (`cairo_`) may stay C; the gdk-pixbuf decoding is in `Sources/ImageBrowserPlatform`.
    static func folders() -> [URL] {
      let root = LayeringTests.root
      var folders = ["View", "App"].map {
        root.appendingPathComponent("Sources/ImageBrowser/\($0)", isDirectory: true)
      }
      let examples = root.appendingPathComponent("Examples", isDirectory: true)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
      for name in names.sorted() {
        let sources = examples.appendingPathComponent("\(name)/Sources", isDirectory: true)
        if FileManager.default.fileExists(atPath: sources.path) { folders.append(sources) }
      }
      return folders
    }

    /// The C functions of GTK, GDK and GLib/GIO that `source` calls, in order, outside
    /// comments and string literals.
    static func rawCalls(in source: String) -> [String] {
      let code = withoutCommentsAndStrings(source)
      let pattern = /\b(?:gtk|gdk|g)_[A-Za-z0-9_]*(?=\s*\()/
      return code.matches(of: pattern).map { String($0.output) }
    }

    /// `source` with comments and the contents of string literals blanked out (line
    /// breaks kept), so a name mentioned in prose or in a message is not a call.
    static func withoutCommentsAndStrings(_ source: String) -> String {
      var result = ""
      var characters = source[...]
      var inString = false
      while let character = characters.first {
        if inString {
          if character == "\\" {
            characters = characters.dropFirst(2)
            continue
          }
          if character == "\"" { inString = false }
          result.append(character == "\n" ? "\n" : " ")
          characters = characters.dropFirst()
        } else if characters.hasPrefix("//") {
          let end = characters.firstIndex(of: "\n") ?? characters.endIndex
          characters = characters[end...]
        } else if characters.hasPrefix("/*") {
          let rest = characters.dropFirst(2)
          let end = rest.firstRange(of: "*/")?.upperBound ?? characters.endIndex
          result += characters[..<end].filter { $0 == "\n" }
          characters = characters[end...]
        } else {
          if character == "\"" { inString = true }
          result.append(character)
          characters = characters.dropFirst()
        }
      }
      return result
    }

    @Test("the scanner finds calls and ignores comments, strings and cairo")
    func scannerWorks() {
      let source = """
        // gtk_widget_show(window) in a comment is not a call.
        /* Nor g_free(x)
           across lines. */
        let name = "gdk_screen_get_default()"
        gtk_widget_show (window)
        cairo_paint(cr)
        let text = g_markup_escape_text(name, -1)
        my_g_helper(1)
        """
      #expect(Self.rawCalls(in: source) == ["gtk_widget_show", "g_markup_escape_text"])
    }

    @Test("View/, App/ and the examples' sources call no gtk_, gdk_ or g_ function")
    func noRawCalls() throws {
      let folders = Self.folders()
      #expect(folders.count >= 2, "no folders found under \(LayeringTests.root.path)")
      for folder in folders {
        let files = try #require(
          FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        ).compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(!files.isEmpty, "no sources found in \(folder.path)")
        for file in files {
          let calls = Self.rawCalls(in: try String(contentsOf: file, encoding: .utf8))
          let path = file.path.replacingOccurrences(of: LayeringTests.root.path + "/", with: "")
          #expect(calls.isEmpty, "\(path) calls \(calls.joined(separator: ", "))")
        }
      }
    }
  }
}
