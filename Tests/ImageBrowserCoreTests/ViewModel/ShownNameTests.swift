// Hostile file names in the title, the header, accessible names, notices and panels: controls
// made visible, overrides made inert, right-to-left text isolated; the file itself untouched.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Shown names")
  @MainActor
  struct ShownNameTests {
    static let isolate = "\u{2068}"
    static let pop = "\u{2069}"

    @Test("controls show as their pictures, overrides as U+FFFD, both isolated when needed")
    func marks() {
      #expect(ShownName.of("sunset.jpg") == "sunset.jpg", "a plain name is left as it is")
      #expect(ShownName.of("café ß 東京.png") == "café ß 東京.png")
      #expect(ShownName.of("line\nbreak.png") == "line␊break.png")
      #expect(ShownName.of("tab\there\r.png") == "tab␉here␍.png")
      #expect(ShownName.of("\u{1B}[31mred.png") == "␛[31mred.png")
      #expect(ShownName.of("nul\u{0}del\u{7F}.png") == "nul␀del␡.png")
      #expect(
        ShownName.of("c1\u{85}\u{9B}.png") == Self.isolate + "c1\u{FFFD}\u{FFFD}.png" + Self.pop)
      // The override that makes "photo" + RLO + "gpj.exe" read "photoexe.jpg".
      #expect(
        ShownName.of("photo\u{202E}gpj.exe") == Self.isolate + "photo\u{FFFD}gpj.exe" + Self.pop)
      for control in [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{2066}", "\u{2067}",
        "\u{2068}", "\u{2069}", "\u{2028}", "\u{2029}",
      ] {
        let shown = ShownName.of("a\(control)b.png")
        #expect(
          shown == Self.isolate + "a\u{FFFD}b.png" + Self.pop, "\(control.unicodeScalars.first!)")
      }
      // Right-to-left letters are kept and isolated, so ".png" and what follows the
      // name stay where they belong.
      #expect(ShownName.of("תמונה.png") == Self.isolate + "תמונה.png" + Self.pop)
      #expect(ShownName.of("صورة.jpg") == Self.isolate + "صورة.jpg" + Self.pop)
      #expect(ShownName.of("a\u{200F}b.png") == Self.isolate + "a\u{200F}b.png" + Self.pop)
    }

    @Test("the title, the header, the accessible name, the panels and notices show the safe name")
    func everywhere() throws {
      try expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let spoof = "photo\u{202E}gnp.exe.png"
        let broken = "two\nlines.png"
        let folder = try TemporaryFolder(files: [spoof, broken])
        let files = FakeFiles(trashFolder: folder.url.appendingPathComponent(".trash"))
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), main: scheduler,
          background: scheduler, files: files)
        viewModel.open([folder.file(spoof)])
        scheduler.advance(by: 1)
        let shown = Self.isolate + "photo\u{FFFD}gnp.exe.png" + Self.pop
        #expect(viewModel.current.value?.displayName == spoof, "the item keeps its real name")
        #expect(viewModel.title.value == "\(shown) (1 of 2) — Image Browser")
        #expect(viewModel.heading.value.name == shown)
        #expect(viewModel.accessibleTitle.value == "\(shown), 1 of 2")
        let item = try #require(viewModel.current.value)
        #expect(ImageInfo(item: item, pixelSize: nil, failed: false).name == shown)
        #expect(ImageProperties(item: item, metadata: nil).name == shown)
        _ = viewModel.commands.next.execute()
        scheduler.advance(by: 1)
        #expect(viewModel.title.value == "two␊lines.png (2 of 2) — Image Browser")
        _ = viewModel.commands.trash.execute()
        scheduler.advance(by: 1)
        #expect(viewModel.notice.value?.message == "“two␊lines.png” moved to the trash")
        // The trashed file went under its own name, byte for byte; the other is untouched.
        #expect(files.operations == ["trash \(broken)"])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
          .filter { !$0.hasPrefix(".") }
        #expect(left == [spoof])
      }
    }
  }
}
