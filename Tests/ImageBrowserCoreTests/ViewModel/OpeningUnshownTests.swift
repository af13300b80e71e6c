// Opening by name a file the browser cannot show: its folder opens, the file listed as unshown.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Opening a file that cannot be shown")
  @MainActor
  struct OpeningUnshownTests {
    @Test("a RAW file opened by name shows its folder, lists it as unshown and says why")
    func rawFileOpensItsFolder() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["a.jpg", "b.jpg", "IMG_7.CR2", "other.nef"])
        let main = schedulers.make()
        let background = schedulers.make()
        let scanner = FolderScanner(formats: SupportedFormats(extensions: ["jpg"]))
        let viewModel = makeViewModel(
          nil, scheduler: main, background: background, scanner: scanner)
        let unshown = viewModel.makeUnshownFiles()
        viewModel.open([folder.file("IMG_7.CR2")])
        #expect(
          viewModel.notice.value?.message
            == "“IMG_7.CR2” cannot be shown: no image loader installed here reads CR2 files. "
            + "The other files of its folder are shown.")
        #expect(viewModel.notice.value?.isFailure == true)
        background.advance(by: 0)
        main.advance(by: 0)
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["a.jpg", "b.jpg"], "the folder, not nothing")
        #expect(viewModel.title.value == "a.jpg (1 of 2) — Image Browser")
        #expect(
          unshown.files.value.map(\.lastPathComponent) == ["IMG_7.CR2", "other.nef"])
        #expect(viewModel.notice.value != nil, "the notice stays while the folder arrives")

        // Opening something else forgets the file.
        viewModel.open([folder.url])
        #expect(viewModel.state.value.openedUnshownFile == nil)
        background.advance(by: 0)
        main.advance(by: 0)
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(unshown.files.value.map(\.lastPathComponent) == ["IMG_7.CR2", "other.nef"])
      }
    }

    @Test("a document opened by name shows its folder's images and is listed too")
    func documentOpensItsFolder() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["a.png", "notes.txt"])
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(nil, scheduler: scheduler)
        let unshown = viewModel.makeUnshownFiles()
        viewModel.open([folder.file("notes.txt")])
        scheduler.advance(by: 0)
        scheduler.advance(by: 0)
        #expect(names(viewModel.items.value) == ["a.png"])
        #expect(unshown.files.value.map(\.lastPathComponent) == ["notes.txt"])
        #expect(
          viewModel.notice.value?.message
            == "“notes.txt” is not an image. The images of its folder are shown instead.")
      }
    }

    @Test("when its folder cannot be listed, the window says why the file is not shown")
    func unlistableFolder() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["photo.cr2"])
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(nil, scheduler: scheduler, scanner: UnlistableScanner())
        let file = folder.file("photo.cr2")
        viewModel.open([file])
        scheduler.advance(by: 0)
        #expect(viewModel.state.value.phase == .failed(.notAnImage(file)))
        #expect(viewModel.items.value.isEmpty)
        #expect(viewModel.state.value.openedUnshownFile == nil)
      }
    }
  }
}

/// A scanner that finds files but cannot list any folder.
private nonisolated struct UnlistableScanner: FolderScanning {
  let base = FolderScanner(formats: SupportedFormats(extensions: ["jpg"]))
  var formats: SupportedFormats { base.formats }
  func scan(_ folder: URL, sortedBy order: ImageSortOrder) throws(BrowseError) -> [ImageItem] {
    throw .unreadable(folder, reason: "Permission denied")
  }
  func item(at file: URL) -> ImageItem? { base.item(at: file) }
  func listedItem(at file: URL) -> ImageItem? { base.listedItem(at: file) }
  func isFolder(_ url: URL) -> Bool { base.isFolder(url) }
  func unshownFiles(in folder: URL) -> [URL] { [] }
}
