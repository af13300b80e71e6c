// Trash with Undo, delete permanently and rename through the view model's commands: the list,
// the index and the notice follow; failures change nothing and say why.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("File actions")
  @MainActor
  struct FileActionTests {
    /// A folder of a.jpg, b.jpg, c.jpg opened at b.jpg, with fake file operations.
    @MainActor
    final class Fixture {
      let folder: TemporaryFolder
      let files: FakeFiles
      let viewModel: TestViewModel
      let scheduler: TestScheduler

      init(_ scheduler: TestScheduler) throws {
        folder = try TemporaryFolder(files: ["a.jpg", "b.jpg", "c.jpg"])
        files = FakeFiles(trashFolder: folder.url.appendingPathComponent(".trash"))
        self.scheduler = scheduler
        viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), main: scheduler,
          background: scheduler, files: files)
        viewModel.open([folder.file("b.jpg")])
        scheduler.advance(by: 1)
      }

      var names: [String] { viewModel.items.value.map(\.displayName) }
      var current: String? { viewModel.current.value?.displayName }
      func onDisk() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? [])
          .filter { !$0.hasPrefix(".") }.sorted()
      }
      func run(_ command: Command<Void, Void, Never>) {
        _ = command.execute()
        scheduler.advance(by: 1)
      }
    }

    @Test("trash moves the current image away, the next one takes its place, Undo puts it back")
    func trashAndUndo() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        let commands = fixture.viewModel.commands
        #expect(fixture.current == "b.jpg")
        #expect(!commands.undo.isEnabled.value)
        fixture.run(commands.trash)
        #expect(fixture.names == ["a.jpg", "c.jpg"])
        #expect(fixture.current == "c.jpg")
        #expect(fixture.onDisk() == ["a.jpg", "c.jpg"])
        let notice = try #require(fixture.viewModel.notice.value)
        #expect(notice.message == "“b.jpg” moved to the trash")
        #expect(!notice.isFailure)
        #expect(commands.undo.isEnabled.value)
        fixture.run(commands.undo)
        #expect(fixture.names == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(fixture.current == "b.jpg", "the restored image is current again")
        #expect(fixture.onDisk() == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(fixture.viewModel.notice.value == nil)
        #expect(!commands.undo.isEnabled.value)
        #expect(fixture.files.operations == ["trash b.jpg", "restore b.jpg"])
      }
    }

    @Test("a trash that fails changes nothing and says why")
    func trashFails() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        fixture.files.failure = "the folder is read-only"
        fixture.run(fixture.viewModel.commands.trash)
        #expect(fixture.names == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(fixture.current == "b.jpg")
        #expect(fixture.onDisk() == ["a.jpg", "b.jpg", "c.jpg"])
        let notice = try #require(fixture.viewModel.notice.value)
        #expect(notice.isFailure)
        #expect(notice.message == "Cannot move “b.jpg” to the trash: the folder is read-only")
        #expect(!fixture.viewModel.commands.undo.isEnabled.value)
      }
    }

    @Test("delete permanently removes the file and the image; the last image leaves none")
    func deletePermanently() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        let commands = fixture.viewModel.commands
        fixture.run(commands.deletePermanently)
        #expect(fixture.names == ["a.jpg", "c.jpg"])
        #expect(fixture.onDisk() == ["a.jpg", "c.jpg"])
        #expect(fixture.viewModel.notice.value?.undo == nil)
        fixture.run(commands.deletePermanently)
        fixture.run(commands.deletePermanently)
        #expect(fixture.names.isEmpty)
        #expect(fixture.current == nil)
        #expect(!commands.deletePermanently.isEnabled.value, "nothing left to delete")
        #expect(!commands.trash.isEnabled.value)
        #expect(fixture.onDisk().isEmpty)
      }
    }

    @Test("rename keeps the image current under its new name, in its new place")
    func rename() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        _ = fixture.viewModel.commands.rename.execute("z.jpg")
        fixture.scheduler.advance(by: 1)
        #expect(fixture.names == ["a.jpg", "c.jpg", "z.jpg"])
        #expect(fixture.current == "z.jpg")
        #expect(fixture.viewModel.index.value == 2)
        #expect(fixture.onDisk() == ["a.jpg", "c.jpg", "z.jpg"])
      }
    }

    @Test("a rename that fails (the name is taken) changes nothing and says why")
    func renameFails() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        fixture.files.failure = "“a.jpg” already exists"
        _ = fixture.viewModel.commands.rename.execute("a.jpg")
        fixture.scheduler.advance(by: 1)
        #expect(fixture.names == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(fixture.current == "b.jpg")
        #expect(
          fixture.viewModel.notice.value?.message == "Cannot rename “b.jpg”: “a.jpg” already exists"
        )
        #expect(fixture.onDisk() == ["a.jpg", "b.jpg", "c.jpg"])
      }
    }

    @Test("with no image every file and image action is disabled; paging too")
    func nothingToActOn() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(nil, scheduler: scheduler)
        let commands = viewModel.commands
        for command in [
          commands.trash, commands.deletePermanently, commands.zoomIn, commands.zoomOut,
          commands.zoomToFit, commands.zoomToActualSize, commands.toggleSlideshow,
          commands.next, commands.previous, commands.undo,
        ] {
          #expect(!command.isEnabled.value)
        }
        for command in [
          commands.copyImage, commands.copyPath, commands.openWith, commands.showInFolder,
          commands.setAsWallpaper, commands.print,
        ] {
          #expect(!command.isEnabled.value)
        }
        #expect(!commands.rename.isEnabled.value)
      }
    }

    @Test("image actions send the current image for the window to act on")
    func imageActionsSendTheImage() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(["a.jpg", "b.jpg"], selected: 1, scheduler: scheduler)
        var sent: [String] = []
        let subscription = viewModel.commands.copyPath.values.subscribe(next: {
          sent.append($0.displayName)
        })
        defer { subscription.dispose() }
        _ = viewModel.commands.copyPath.execute()
        #expect(sent == ["b.jpg"])
      }
    }
  }
}
