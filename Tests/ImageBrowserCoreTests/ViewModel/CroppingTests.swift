// Crop mode, resizing and Save As through the view model: steps shown at once, undoable,
// written only by Save or Save As; refusals say why and change nothing.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Cropping, resizing and Save As")
  @MainActor
  struct CroppingTests {
    /// A folder of a.jpg, b.jpg, c.gif opened at b.jpg, decoded as 1000 × 1000 squares,
    /// with a fake writer.
    @MainActor
    final class Fixture {
      let folder: TemporaryFolder
      let writer = FakeOrientationWriter()
      let decoder = FakeDecoder(fullSize: 1000)
      let viewModel: TestViewModel
      let scheduler: TestScheduler
      let edits: EditCommands

      init(_ scheduler: TestScheduler) throws {
        folder = try TemporaryFolder(files: ["a.jpg", "b.jpg", "c.gif"])
        self.scheduler = scheduler
        viewModel = TestViewModel(
          images: decoder, thumbnails: decoder, main: scheduler, background: scheduler,
          orientations: writer)
        edits = EditCommands(viewModel: viewModel)
        viewModel.open([folder.file("b.jpg")])
        scheduler.advance(by: 1)
      }

      var shown: FakeImage? { viewModel.currentImage.value.image }
      var selection: CropSelection? { viewModel.cropping.selection.value }

      func run<Output>(_ command: Command<Void, Output, Never>) {
        _ = command.execute()
        scheduler.advance(by: 1)
      }

      func run(_ work: Signal<Void, Never>) {
        _ = work.subscribe()
        scheduler.advance(by: 1)
      }
    }

    @Test("crop mode selects the whole image; Return takes the crop as a step, shown at once")
    func cropApplies() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        #expect(fixture.edits.crop.isEnabled.value)
        #expect(!fixture.edits.applyCrop.isEnabled.value, "not cropping yet")
        fixture.run(fixture.edits.crop)
        #expect(fixture.selection?.rect == PixelRect(x: 0, y: 0, width: 1000, height: 1000))
        #expect(fixture.edits.isCropping.value)
        #expect(!fixture.edits.crop.isEnabled.value, "already cropping")
        let start = try #require(fixture.selection?.rect)
        fixture.viewModel.cropping.drag(.bottomRight, of: start, dx: -400, dy: -300)
        fixture.viewModel.cropping.drag(
          .topLeft, of: try #require(fixture.selection?.rect), dx: 100, dy: 50)
        #expect(fixture.selection?.rect == PixelRect(x: 100, y: 50, width: 500, height: 650))
        #expect(fixture.viewModel.edits.value.isEmpty, "nothing taken before Return")
        fixture.run(fixture.edits.applyCrop)
        #expect(!fixture.edits.isCropping.value)
        #expect(fixture.shown?.edit?.crop == PixelRect(x: 100, y: 50, width: 500, height: 650))
        #expect(fixture.shown?.fullSize == PixelSize(width: 500, height: 650))
        #expect(fixture.viewModel.title.value == "*b.jpg (2 of 3) — Image Browser")
        #expect(fixture.viewModel.accessibleTitle.value == "b.jpg, 2 of 3, edited, not saved")
        #expect(fixture.viewModel.commands.save.isEnabled.value)
        #expect(fixture.writer.saved.isEmpty, "nothing is written without Save")
        #expect(
          fixture.viewModel.unsavedImages == [fixture.folder.file("b.jpg")],
          "closing the window would ask")
      }
    }

    @Test("Escape leaves crop mode and changes nothing; paging leaves it too")
    func cropCancels() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        fixture.run(fixture.edits.crop)
        let start = try #require(fixture.selection?.rect)
        fixture.viewModel.cropping.drag(.left, of: start, dx: 300, dy: 0)
        fixture.run(fixture.edits.cancelCrop)
        #expect(fixture.selection == nil)
        #expect(fixture.shown?.edit == nil)
        #expect(fixture.viewModel.currentImageEdit.value == nil)
        #expect(!fixture.viewModel.commands.undo.isEnabled.value, "nothing to undo")
        fixture.run(fixture.edits.crop)
        fixture.run(fixture.viewModel.commands.rotateClockwise)
        #expect(fixture.selection == nil, "a turn changes the picture under the rectangle")
        fixture.run(fixture.edits.crop)
        fixture.run(fixture.viewModel.commands.next)
        #expect(fixture.selection == nil, "the rectangle was about the other picture")
      }
    }

    @Test("a crop outside the image is refused with a message; one across its edge is cut")
    func cropOutside() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        fixture.run(fixture.edits.crop)
        fixture.viewModel.cropping.setRect(PixelRect(x: 1200, y: 0, width: 100, height: 100))
        #expect(fixture.selection?.rect == PixelRect(x: 0, y: 0, width: 1000, height: 1000))
        #expect(fixture.viewModel.notice.value?.isFailure == true)
        #expect(
          fixture.viewModel.notice.value?.message
            == "The crop 100×100+1200+0 lies outside the image.")
        fixture.viewModel.cropping.setRect(PixelRect(x: 900, y: -50, width: 300, height: 200))
        #expect(fixture.selection?.rect == PixelRect(x: 900, y: 0, width: 100, height: 150))
      }
    }

    @Test("Ctrl+Z undoes a crop and a resize step by step; Shift+Ctrl+Z redoes them")
    func undoRedo() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        let commands = fixture.viewModel.commands
        fixture.run(commands.rotateClockwise)
        fixture.run(fixture.edits.crop)
        fixture.viewModel.cropping.setRect(PixelRect(x: 0, y: 0, width: 600, height: 400))
        fixture.run(fixture.edits.applyCrop)
        fixture.viewModel.resizeCurrent(to: PixelSize(width: 300, height: 200))
        fixture.scheduler.advance(by: 1)
        #expect(fixture.shown?.fullSize == PixelSize(width: 300, height: 200))
        // The crop, taken on the turned picture, is kept in the turned picture's pixels.
        #expect(
          fixture.shown?.edit
            == {
              var edit = ImageEdit(orientation: .clockwise)
              edit.crop = PixelRect(x: 0, y: 0, width: 600, height: 400)
              edit.size = PixelSize(width: 300, height: 200)
              edit.sourceSize = PixelSize(width: 1000, height: 1000)
              return edit
            }())
        fixture.run(commands.undo)
        #expect(fixture.shown?.fullSize == PixelSize(width: 600, height: 400))
        fixture.run(commands.undo)
        #expect(fixture.shown?.edit == nil)
        #expect(fixture.shown?.orientation == .clockwise)
        fixture.run(commands.undo)
        #expect(fixture.viewModel.currentImageEdit.value == nil)
        #expect(!commands.undo.isEnabled.value)
        fixture.run(commands.redo)
        fixture.run(commands.redo)
        #expect(fixture.shown?.fullSize == PixelSize(width: 600, height: 400))
        fixture.run(commands.redo)
        #expect(fixture.shown?.fullSize == PixelSize(width: 300, height: 200))
        #expect(!commands.redo.isEnabled.value)
      }
    }

    @Test("a resize to no pixels or past 50 megapixels is refused with a message")
    func resizeRefused() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        fixture.viewModel.resizeCurrent(to: PixelSize(width: 0, height: 10))
        #expect(
          fixture.viewModel.notice.value?.message == "The new size must be at least one pixel.")
        fixture.viewModel.resizeCurrent(to: PixelSize(width: 10_000, height: 10_000))
        #expect(
          fixture.viewModel.notice.value?.message
            == "The new size, 10000 × 10000 pixels, is more than 50 megapixels.")
        #expect(fixture.viewModel.currentImageEdit.value == nil)
      }
    }

    @Test("Save writes a crop into the file itself; Undo stops there")
    func saveCrop() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        fixture.run(fixture.edits.crop)
        fixture.viewModel.cropping.setRect(PixelRect(x: 8, y: 16, width: 320, height: 240))
        fixture.run(fixture.edits.applyCrop)
        fixture.run(fixture.viewModel.commands.save)
        #expect(fixture.writer.saved == ["b.jpg → b.jpg crop 320×240+8+16 1"])
        #expect(fixture.viewModel.notice.value?.message == "“b.jpg” saved")
        #expect(fixture.viewModel.currentImageEdit.value == nil)
        #expect(!fixture.viewModel.commands.undo.isEnabled.value)
        #expect(fixture.viewModel.title.value == "b.jpg (2 of 3) — Image Browser")
      }
    }

    @Test(
      "Save As writes a new file, which becomes current; an existing name is not replaced unasked")
    func saveAs() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        fixture.viewModel.resizeCurrent(to: PixelSize(width: 500, height: 500))
        fixture.scheduler.advance(by: 1)
        // An existing name, not confirmed: refused, nothing written, the edit kept.
        fixture.run(
          fixture.viewModel.saveCurrent(as: fixture.folder.file("a.jpg"), replacing: false))
        #expect(fixture.writer.saved.isEmpty)
        #expect(fixture.viewModel.notice.value?.isFailure == true)
        #expect(fixture.viewModel.currentImageEdit.value != nil)
        // A failing disk: said, kept.
        fixture.writer.failure = "the folder “x” is read-only"
        fixture.run(
          fixture.viewModel.saveCurrent(as: fixture.folder.file("d.png"), replacing: false))
        #expect(
          fixture.viewModel.notice.value?.message
            == "Cannot save “d.png”: the folder “x” is read-only")
        #expect(fixture.viewModel.currentImageEdit.value != nil)
        fixture.writer.failure = nil
        fixture.run(
          fixture.viewModel.saveCurrent(as: fixture.folder.file("d.png"), replacing: false))
        #expect(fixture.writer.saved == ["b.jpg → d.png size 500×500 1"])
        #expect(fixture.viewModel.notice.value?.message == "Saved as “d.png”")
        #expect(fixture.viewModel.current.value?.displayName == "d.png")
        #expect(fixture.viewModel.imageEdits.value.isEmpty, "the edit lives in the new file")
      }
    }
  }
}
