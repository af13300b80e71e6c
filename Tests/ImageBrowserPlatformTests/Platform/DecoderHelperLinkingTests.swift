// The decoder helper starts lean: decoders only some files need are opened on first use.
import Foundation
import Testing

@testable import ImageBrowserTestImages

extension ImageBrowserPlatformTests {
  @Suite("Decoder helper linking")
  struct DecoderHelperLinkingTests {
    /// The shared libraries the dynamic loader maps for `executable` at exec, by file
    /// name (`ldd`'s first column).
    static func librariesLoadedAtStart(_ executable: URL) throws -> [String] {
      let ldd = Process()
      ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
      ldd.arguments = [executable.path]
      let output = Pipe()
      ldd.standardOutput = output
      try ldd.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      ldd.waitUntilExit()
      #expect(ldd.terminationStatus == 0, "ldd \(executable.path)")
      return text.split(separator: "\n").compactMap { line in
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
      }
    }

    /// Every helper the app starts pays for what it maps at exec, and most never see a
    /// JPEG they decode with libturbojpeg (thumbnails use EXIF previews), an SVG or a
    /// HEIC: those libraries are opened with `dlopen` by the first file that needs them.
    @Test("a helper maps no libturbojpeg, librsvg, libheif or libde265 until a file needs them")
    func optionalDecodersAreNotLinked() throws {
      let helper = try #require(TestDecoders.executable, "the helper is built beside the tests")
      let libraries = try Self.librariesLoadedAtStart(helper)
      #expect(
        libraries.contains { $0.hasPrefix("libgdk_pixbuf-2.0.so") },
        "ldd's listing was read (the helper links gdk-pixbuf): \(libraries)")
      for optional in ["libturbojpeg.so", "librsvg-2.so", "libheif.so", "libde265.so"] {
        #expect(
          !libraries.contains { $0.hasPrefix(optional) },
          "\(optional) is mapped at exec: \(libraries.joined(separator: " "))")
      }
    }
  }
}
