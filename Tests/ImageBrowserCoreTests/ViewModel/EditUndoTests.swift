// Undo and redo of turns and mirrors before they are saved, per image.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Undoing and redoing edits")
  @MainActor
  struct EditUndoTests {
    typealias Fixture = EditingTests.Fixture

    @Test("Undo takes back each turn and mirror in turn, Redo puts them back")
    func undoAndRedo() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        let commands = fixture.commands
        #expect(!commands.undo.isEnabled.value, "nothing to undo")
        #expect(!commands.redo.isEnabled.value, "nothing to redo")
        fixture.run(commands.rotateClockwise)
        fixture.run(commands.flipHorizontally)
        #expect(commands.undo.isEnabled.value)
        fixture.run(commands.undo)
        #expect(fixture.shown?.orientation == .clockwise, "the flip taken back")
        #expect(commands.redo.isEnabled.value)
        fixture.run(commands.undo)
        #expect(fixture.shown?.orientation == .up, "the turn taken back")
        #expect(fixture.title == "b.jpg (2 of 3) — Image Browser", "nothing left to save")
        #expect(!commands.save.isEnabled.value)
        #expect(!commands.undo.isEnabled.value)
        fixture.run(commands.redo)
        #expect(fixture.shown?.orientation == .clockwise)
        fixture.run(commands.redo)
        #expect(fixture.shown?.orientation == Orientation.clockwise.then(.mirroredHorizontally))
        #expect(!commands.redo.isEnabled.value, "everything redone")
        #expect(fixture.writer.saved.isEmpty, "undo and redo write nothing")
      }
    }

    @Test("a new edit after Undo drops what could be redone")
    func newEditDropsRedo() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        let commands = fixture.commands
        fixture.run(commands.rotateClockwise)
        fixture.run(commands.undo)
        #expect(commands.redo.isEnabled.value)
        fixture.run(commands.flipVertically)
        #expect(!commands.redo.isEnabled.value)
        #expect(fixture.shown?.orientation == .mirroredVertically)
      }
    }

    @Test("each image keeps its own steps while the user pages")
    func perImage() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        let commands = fixture.commands
        fixture.run(commands.rotateClockwise)
        fixture.run(commands.next)
        #expect(!commands.undo.isEnabled.value, "c.gif has no edit")
        fixture.run(commands.flipHorizontally)
        fixture.run(commands.previous)
        fixture.run(commands.undo)
        #expect(fixture.shown?.orientation == .up, "b.jpg's own turn taken back")
        #expect(fixture.viewModel.edits.value.keys.map(\.lastPathComponent) == ["c.gif"])
      }
    }

    @Test("steps that cancel out leave nothing to save but can still be undone")
    func cancellingSteps() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        let commands = fixture.commands
        fixture.run(commands.rotateClockwise)
        fixture.run(commands.rotateCounterclockwise)
        #expect(!commands.save.isEnabled.value)
        #expect(commands.undo.isEnabled.value)
        fixture.run(commands.undo)
        #expect(fixture.shown?.orientation == .clockwise)
        #expect(commands.save.isEnabled.value)
      }
    }

    @Test("after Save, Undo stops at what was written")
    func saveEndsTheSteps() throws {
      try expectNoLeaks { schedulers in
        let fixture = try Fixture(schedulers.make())
        let commands = fixture.commands
        fixture.run(commands.rotateClockwise)
        fixture.run(commands.save)
        #expect(fixture.writer.saved.count == 1)
        #expect(!commands.undo.isEnabled.value, "the file is turned now; nothing pending")
      }
    }
  }
}
