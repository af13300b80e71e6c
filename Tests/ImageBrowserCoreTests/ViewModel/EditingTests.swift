// Rotate and flip through the view model: shown at once, pending per image, written only by
// Save; failures keep the edit and say why.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Rotating and saving")
  @MainActor
  struct EditingTests {
    /// A folder of a.jpg, b.jpg, c.gif opened at b.jpg, with a fake writer.
    @MainActor
    final class Fixture {
      let folder: TemporaryFolder
      let writer = FakeOrientationWriter()
      let decoder = FakeDecoder()
      let viewModel: TestViewModel
      let scheduler: TestScheduler

      init(_ scheduler: TestScheduler, viewport: PixelSize? = nil) throws {
        folder = try TemporaryFolder(files: ["a.jpg", "b.jpg", "c.gif"])
        self.scheduler = scheduler
        viewModel = TestViewModel(
          images: decoder, thumbnails: decoder, main: scheduler, background: scheduler,
          orientations: writer)
        viewModel.viewport.value = viewport
        viewModel.open([folder.file("b.jpg")])
        scheduler.advance(by: 1)
      }

      var commands: BrowserCommands { viewModel.commands }
      var shown: FakeImage? { viewModel.currentImage.value.image }
      var title: String { viewModel.title.value }

      func run(_ command: Command<Void, Void, Never>) {
        _ = command.execute()
        scheduler.advance(by: 1)
      }
    }

    @Test("rotating shows the image turned at once, marks the title, and Save is enabled")
    func rotateShows() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        #expect(fixture.shown?.orientation == .up)
        #expect(fixture.title == "b.jpg (2 of 3) — Image Browser")
        #expect(!fixture.commands.save.isEnabled.value, "nothing to save")
        fixture.run(fixture.commands.rotateClockwise)
        #expect(fixture.shown == FakeImage(name: "b.jpg", size: nil, orientation: .clockwise))
        #expect(fixture.title == "*b.jpg (2 of 3) — Image Browser")
        #expect(
          fixture.viewModel.heading.value == BrowserHeading(name: "*b.jpg", position: "(2 of 3)"))
        #expect(fixture.viewModel.accessibleTitle.value == "b.jpg, 2 of 3, rotated, not saved")
        #expect(fixture.commands.save.isEnabled.value)
        fixture.run(fixture.commands.flipHorizontally)
        #expect(fixture.shown?.orientation == Orientation.clockwise.then(.mirroredHorizontally))
        #expect(fixture.decoder.requested.filter { $0 == "b.jpg" }.count == 1, "not decoded again")
        #expect(fixture.writer.saved.isEmpty, "nothing is written without Save")
      }
    }

    @Test("the opposite edits undo it: four turns, two flips; the title and Save follow")
    func undoneByTheOpposite() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        for _ in 0..<4 { fixture.run(fixture.commands.rotateCounterclockwise) }
        #expect(fixture.shown?.orientation == .up)
        #expect(fixture.viewModel.currentEdit.value == nil)
        #expect(fixture.title == "b.jpg (2 of 3) — Image Browser")
        #expect(!fixture.commands.save.isEnabled.value)
        fixture.run(fixture.commands.flipVertically)
        #expect(fixture.commands.save.isEnabled.value)
        fixture.run(fixture.commands.flipVertically)
        #expect(fixture.viewModel.edits.value.isEmpty)
        #expect(!fixture.commands.save.isEnabled.value)
      }
    }

    @Test("an edit stays with its image while paging; the neighbours show as they are")
    func pagingKeepsEdits() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        fixture.run(fixture.commands.rotateClockwise)
        fixture.run(fixture.commands.previous)
        #expect(fixture.shown == FakeImage(name: "a.jpg", size: nil))
        #expect(fixture.title == "a.jpg (1 of 3) — Image Browser")
        #expect(!fixture.commands.save.isEnabled.value)
        fixture.run(fixture.commands.next)
        #expect(fixture.shown?.orientation == .clockwise)
        #expect(fixture.title == "*b.jpg (2 of 3) — Image Browser")
        #expect(fixture.viewModel.unsavedImages == [fixture.folder.file("b.jpg")])
        #expect(fixture.writer.saved.isEmpty)
      }
    }

    @Test("a quarter turn decodes to fit the viewer turned: sharp, not enlarged")
    func quarterTurnFitsTheOtherWay() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(
          schedulers.make(), viewport: PixelSize(width: 800, height: 600))
        #expect(fixture.shown == FakeImage(name: "b.jpg", size: 800))
        fixture.run(fixture.commands.rotateClockwise)
        #expect(fixture.shown == FakeImage(name: "b.jpg", size: 600, orientation: .clockwise))
        fixture.run(fixture.commands.rotateClockwise)
        // Half a turn fits as it was; the larger image decoded meanwhile serves it.
        #expect(fixture.shown?.orientation == .halfTurn)
      }
    }

    @Test("Save writes the edit, the image shows as saved, and the notice says so")
    func save() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        let before = try #require(fixture.viewModel.current.value)
        fixture.run(fixture.commands.rotateClockwise)
        var shown: [String] = []
        let watch = fixture.viewModel.currentImage.signal.subscribe(next: { state in
          shown.append(LoadingTests.describe(state) + " \(state.image?.orientation.exifValue ?? 0)")
        })
        defer { watch.dispose() }
        fixture.run(fixture.commands.save)
        #expect(fixture.writer.saved == ["b.jpg 6"])
        #expect(fixture.viewModel.notice.value?.message == "“b.jpg” saved")
        #expect(fixture.viewModel.notice.value?.isFailure == false)
        #expect(fixture.viewModel.edits.value.isEmpty)
        #expect(fixture.title == "b.jpg (2 of 3) — Image Browser")
        #expect(!fixture.commands.save.isEnabled.value)
        let after = try #require(fixture.viewModel.current.value)
        #expect(after.id == before.id)
        #expect(after.modificationDate != before.modificationDate, "listed again as written")
        // Decoded again from the file (the fake decoder knows nothing of orientation
        // tags: 1), and the decoded image kept is never shown unturned in between.
        #expect(fixture.decoder.requested.filter { $0 == "b.jpg" }.count == 2)
        #expect(shown == ["loaded b.jpg 6", "loading b.jpg 0", "loaded b.jpg 1"])
      }
    }

    @Test("a save that fails keeps the edit, changes nothing, and says why")
    func saveFails() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        fixture.writer.failure = "you are not allowed to change it"
        fixture.run(fixture.commands.rotateCounterclockwise)
        fixture.run(fixture.commands.save)
        let notice = try #require(fixture.viewModel.notice.value)
        #expect(notice.isFailure)
        #expect(notice.message == "Cannot save “b.jpg”: you are not allowed to change it")
        #expect(fixture.viewModel.currentEdit.value == .counterclockwise)
        #expect(fixture.shown?.orientation == .counterclockwise)
        #expect(fixture.title == "*b.jpg (2 of 3) — Image Browser")
        #expect(fixture.commands.save.isEnabled.value, "the user may try again")
        fixture.writer.failure = nil
        fixture.run(fixture.commands.save)
        #expect(fixture.writer.saved == ["b.jpg 8"])
      }
    }

    @Test("a format that cannot be written turns for viewing only, says so, and never asks")
    func unsupportedFormat() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        fixture.run(fixture.commands.next)
        #expect(fixture.viewModel.current.value?.displayName == "c.gif")
        fixture.run(fixture.commands.rotateClockwise)
        #expect(fixture.shown?.orientation == .clockwise)
        #expect(!fixture.commands.save.isEnabled.value)
        #expect(
          fixture.viewModel.notice.value?.message
            == "“c.gif” is turned for viewing only: GIF files cannot be saved turned")
        #expect(fixture.viewModel.unsavedImages.isEmpty, "closing loses nothing Save could keep")
      }
    }

    @Test("a rename takes the edit along; trashing drops it; discarding forgets them all")
    func fileActionsAndDiscard() throws {
      try expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let folder = try TemporaryFolder(files: ["a.jpg", "b.jpg"])
        let files = FakeFiles(trashFolder: folder.url.appendingPathComponent(".trash"))
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), main: scheduler,
          background: scheduler, files: files, orientations: FakeOrientationWriter())
        viewModel.open([folder.file("a.jpg")])
        scheduler.advance(by: 1)
        viewModel.editCurrent(by: .clockwise)
        _ = viewModel.commands.rename.execute("z.jpg")
        scheduler.advance(by: 1)
        #expect(viewModel.current.value?.displayName == "z.jpg")
        #expect(viewModel.currentEdit.value == .clockwise)
        #expect(viewModel.edits.value.keys.map(\.lastPathComponent) == ["z.jpg"])
        _ = viewModel.commands.trash.execute()
        scheduler.advance(by: 1)
        #expect(viewModel.edits.value.isEmpty)
        viewModel.editCurrent(by: .halfTurn)
        #expect(viewModel.unsavedImages.count == 1)
        viewModel.discardEdits()
        scheduler.advance(by: 1)
        #expect(viewModel.unsavedImages.isEmpty)
        #expect(viewModel.currentImage.value.image?.orientation == .up)
      }
    }

    @Test("with no image, or one that cannot be decoded, nothing can be turned or saved")
    func disabled() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let empty = makeViewModel(nil, scheduler: scheduler)
        let broken = makeViewModel(
          ["bad.jpg"], scheduler: scheduler, decoder: FakeDecoder(failing: ["bad.jpg"]))
        scheduler.advance(by: 1)
        for viewModel in [empty, broken] {
          let commands = viewModel.commands
          for command in [
            commands.rotateClockwise, commands.rotateCounterclockwise, commands.flipHorizontally,
            commands.flipVertically, commands.save,
          ] {
            #expect(!command.isEnabled.value)
          }
        }
      }
    }
  }
}
