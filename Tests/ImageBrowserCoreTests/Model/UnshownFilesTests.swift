// Files a folder holds that the browser cannot show: listed, never silently left out.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Files that cannot be shown")
  @MainActor
  struct UnshownFilesTests {
    @Test("images without a loader are listed; other files, hidden ones and folders are not")
    func scannerListsThem() throws {
      let folder = try TemporaryFolder(files: [
        "a.jpg", "IMG_2.CR2", "IMG_10.cr2", "layers.psd", "notes.txt", "sidecar.xmp",
        ".hidden.nef", "folder.dng/", "photo.heic",
      ])
      // A scanner whose formats lack HEIC, as a machine without heif-gdk-pixbuf.
      let scanner = FolderScanner(formats: SupportedFormats(extensions: ["jpg", "png"]))
      #expect(
        scanner.unshownFiles(in: folder.url).map(\.lastPathComponent) == [
          "IMG_2.CR2", "IMG_10.cr2", "layers.psd", "photo.heic",
        ])
      let withHEIC = FolderScanner(formats: SupportedFormats(extensions: ["jpg", "heic"]))
      #expect(
        !withHEIC.unshownFiles(in: folder.url).map(\.lastPathComponent).contains("photo.heic"))
      #expect(scanner.unshownFiles(in: folder.file("missing")) == [])
    }

    @Test("follows the open folder on the background scheduler; a new folder replaces them")
    func followsTheFolder() throws {
      let first = try TemporaryFolder(files: ["a.jpg", "b.cr2"])
      let second = try TemporaryFolder(files: ["c.jpg"])
      let scheduler = TestScheduler()
      let phases = PublishSubject<BrowserPhase, Never>()
      let unshown = UnshownFiles(
        phases: phases.signal,
        scanner: FolderScanner(formats: SupportedFormats(extensions: ["jpg"])),
        background: scheduler, main: scheduler)
      phases.send(.open(folder: first.url))
      #expect(unshown.files.value == [], "read off the main thread, not at once")
      scheduler.advance()
      #expect(unshown.files.value.map(\.lastPathComponent) == ["b.cr2"])
      phases.send(.opening([second.url]))
      #expect(unshown.files.value == [], "a folder opening clears them")
      phases.send(.open(folder: second.url))
      scheduler.advance()
      #expect(unshown.files.value == [])
    }

    @Test("files listed by type that cannot be shown after all join them, each with why")
    func unshowableListedFiles() throws {
      let folder = try TemporaryFolder(files: ["a.jpg", "b.dng", "c.dng", "d.psd"])
      // As the app's scanner: DNG listed, and found out by its missing preview.
      let scanner = FolderScanner(
        formats: SupportedFormats(extensions: ["jpg", "dng"]),
        unshowable: { $0.lastPathComponent == "c.dng" ? "no preview" : nil })
      #expect(scanner.unshownFiles(in: folder.url).map(\.lastPathComponent) == ["c.dng", "d.psd"])
      #expect(try scanner.scan(folder.url).map(\.displayName) == ["a.jpg", "b.dng", "c.dng"])
      let scheduler = TestScheduler()
      let phases = PublishSubject<BrowserPhase, Never>()
      let unshown = UnshownFiles(
        phases: phases.signal, scanner: scanner, background: scheduler, main: scheduler)
      var seen: [[String]] = []
      let subscription = unshown.files.signal.subscribe(next: { files in
        seen.append(files.map { unshown.reasons[$0] ?? "-" })
      })
      phases.send(.open(folder: folder.url))
      scheduler.advance()
      #expect(
        seen.last == ["no preview", "No image loader installed here reads PSD files."],
        "the reasons arrive with the files")
      phases.send(.opening([folder.url]))
      #expect(unshown.reasons.isEmpty)
      subscription.dispose()
    }
  }
}
