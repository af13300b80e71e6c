// ImageBrowserCore (the model and view model) stays free of GTK: it imports Reactive and
// Foundation only. Its target depends on Reactive alone, but SwiftPM on Linux lets a module
// import any module already built, so the text check stays as the second guard.
import Foundation
import Testing

@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserTests {
  @Suite("Layering")
  @MainActor
  struct LayeringTests {
    /// The modules `ImageBrowserCore` may import.
    static let allowed: Set<String> = ["Foundation", "Reactive"]

    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Model
      .deletingLastPathComponent()  // ImageBrowserTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()

    /// The modules a Swift source imports, whatever the form: `import X`,
    /// `@testable import X`, `@preconcurrency import X`, `import struct X.Y`.
    static func imports(in source: String) -> [String] {
      source.split(whereSeparator: \.isNewline).compactMap { line in
        var words = line.split(whereSeparator: \.isWhitespace)[...]
        while let word = words.first, word.hasPrefix("@") { words = words.dropFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        words = words.dropFirst()
        let kinds: Set<Substring> = [
          "struct", "class", "enum", "protocol", "typealias", "func", "var", "let",
        ]
        if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
        return words.first.map { String($0.split(separator: ".")[0]) }
      }
    }

    /// The Swift files below `folder` (relative to the package root), at least one.
    static func sources(in folder: String) throws -> [URL] {
      let directory = root.appendingPathComponent(folder)
      let files = try #require(
        FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
      ).compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
      #expect(!files.isEmpty, "no sources found in \(directory.path)")
      return files
    }

    @Test("the import scanner sees every form of import")
    func scannerWorks() {
      let source = """
        // A comment mentioning import CGtk is not an import.
        import Foundation
        @preconcurrency import GtkReactive
          import struct CGtk.GtkWidget
        @_exported import Reactive
        """
      #expect(Self.imports(in: source) == ["Foundation", "GtkReactive", "CGtk", "Reactive"])
    }

    @Test(
      "ImageBrowserCore imports neither CGtk nor GtkReactive",
      arguments: [
        "Model", "ViewModel", "Localization",
      ])
    func noGtk(folder: String) throws {
      for file in try Self.sources(in: "Sources/ImageBrowserCore/\(folder)") {
        let source = try String(contentsOf: file, encoding: .utf8)
        let forbidden = Self.imports(in: source).filter { !Self.allowed.contains($0) }
        #expect(
          forbidden.isEmpty,
          "\(folder)/\(file.lastPathComponent) imports \(forbidden.joined(separator: ", "))")
      }
    }

    @Test(
      "the platform layer and the decoder helper use no GTK, so a helper starts lean",
      arguments: ["Sources/ImageBrowserPlatform", "Sources/ImageBrowserDecoder"])
    func noGtkInHelper(folder: String) throws {
      for file in try Self.sources(in: folder) {
        let source = try String(contentsOf: file, encoding: .utf8)
        let gtk = Self.imports(in: source).filter { ["CGtk", "GtkReactive"].contains($0) }
        #expect(gtk.isEmpty, "\(file.lastPathComponent) imports \(gtk.joined(separator: ", "))")
      }
    }

    /// With this rule the compiler refuses any `gtk_` call in the app: a C function is
    /// in scope only in a file that imports its module, and a Swift module that imports
    /// `CGtk` (GtkReactive) does not pass it on. `CHandy`, `CGtkSource` and the other C
    /// modules include GTK's headers, so the app's one C module is cairo's.
    @Test("the app's one C module is CCairo: GTK through GtkReactive, cairo through CCairo")
    func appImportsNoGtkC() throws {
      for file in try Self.sources(in: "Sources/ImageBrowser") {
        let source = try String(contentsOf: file, encoding: .utf8)
        let c = Self.imports(in: source).filter { Self.isCModule($0) && $0 != "CCairo" }
        #expect(c.isEmpty, "\(file.lastPathComponent) imports \(c.joined(separator: ", "))")
      }
    }

    /// Whether `module` is one of the package's C modules (`CGtk`, `CHandy`, …).
    static func isCModule(_ module: String) -> Bool {
      guard module.count > 1, module.first == "C" else { return false }
      return module.dropFirst().first?.isUppercase ?? false
    }

    @Test("only ImageBrowserPlatform reads metadata through gexiv2 (CGExiv2)")
    func gexiv2OnlyInPlatform() throws {
      for folder in ["Sources/ImageBrowserCore", "Sources/ImageBrowser"] {
        for file in try Self.sources(in: folder) {
          let source = try String(contentsOf: file, encoding: .utf8)
          #expect(
            !Self.imports(in: source).contains("CGExiv2") && !source.contains("gexiv2_"),
            "\(file.lastPathComponent) uses gexiv2")
        }
      }
    }
  }
}
