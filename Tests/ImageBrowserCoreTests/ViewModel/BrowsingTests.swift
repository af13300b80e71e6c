// Browse mode headless: the grid, the viewer and the strip on one index; the grid's keys,
// selection, subfolders and the file actions on what it picks.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Browse mode")
  @MainActor
  struct BrowsingTests {
    /// A grid four cells wide and two rows high.
    static let layout = GridLayout(
      count: 0, cellWidth: 100, cellHeight: 100, inset: 0, viewportWidth: 400,
      viewportHeight: 200)

    /// `layout` holding the view model's cells.
    static func layout(for viewModel: TestViewModel) -> GridLayout {
      var layout = Self.layout
      layout.count = viewModel.state.value.gridCellCount
      return layout
    }

    @Test(
      "three views on one index: a grid pick moves the viewer and the strip, paging moves the grid")
    func threeViewsOneIndex() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(10), scheduler: scheduler)
        let viewer = FakeViewer(viewModel: viewModel)
        let strip = FakeStrip(viewModel: viewModel)
        let changes = TestableObserver<Int?, Never>(scheduler: scheduler)
        let subscription = viewModel.indexChanges.subscribe(changes.observer)
        viewModel.isBrowsing.value = true
        viewModel.pickGridCell(6)
        #expect(changes.values == [6])
        #expect(viewer.shown.last == "p6.jpg none")
        #expect(strip.selected == 6)
        #expect(strip.binding.userSelectionCount == 0)
        // The viewer pages: the grid's focus follows.
        viewModel.next.execute()
        #expect(viewModel.focusedCell.value == 7)
        // The strip picks: so does the grid's focus.
        strip.click(2)
        #expect(viewModel.focusedCell.value == 2)
        // A key in the grid: one change, everyone follows.
        viewModel.moveGridFocus(.down, in: Self.layout(for: viewModel))
        #expect(viewModel.index.value == 6)
        #expect(strip.selected == 6)
        #expect(viewer.shown.last == "p6.jpg none")
        #expect(changes.values == [6, 7, 2, 6])
        subscription.dispose()
      }
    }

    @Test("Return on an image opens it in the viewer; the grid's selection ends there")
    func activateImage() {
      expectNoLeaks { schedulers in
        let viewModel = makeViewModel(numbered(6), scheduler: schedulers.make())
        viewModel.isBrowsing.value = true
        viewModel.pickGridCell(1)
        viewModel.pickGridCell(3, .extend)
        #expect(viewModel.state.value.pickedItems.count == 3)
        viewModel.activateGridFocus()
        #expect(!viewModel.isBrowsing.value)
        #expect(viewModel.current.value?.displayName == "p3.jpg")
        #expect(viewModel.state.value.pickedItems.map(\.displayName) == ["p3.jpg"])
        // Double click on another cell, from the grid again.
        viewModel.isBrowsing.value = true
        viewModel.activateGridCell(5)
        #expect(!viewModel.isBrowsing.value)
        #expect(viewModel.index.value == 5)
      }
    }

    @Test("keys: arrows by cell and row, Page keys by a screen, Home and End, clamped at the edges")
    func keys() {
      expectNoLeaks { schedulers in
        let viewModel = makeViewModel(numbered(23), scheduler: schedulers.make())
        viewModel.isBrowsing.value = true
        let layout = Self.layout(for: viewModel)
        @MainActor func press(_ move: GridMove) -> Int? {
          viewModel.moveGridFocus(move, in: layout)
          return viewModel.index.value
        }
        #expect(press(.previous) == 0)
        #expect(press(.up) == 0)
        #expect(press(.next) == 1)
        #expect(press(.down) == 5)
        #expect(press(.pageDown) == 13)  // two rows of four
        #expect(press(.pageDown) == 21)
        // Down from the last row stays; from the row above the last, to the last cell.
        #expect(press(.down) == 21)
        #expect(press(.up) == 17)
        #expect(press(.end) == 22)
        #expect(press(.up) == 18)
        #expect(press(.down) == 22)
        #expect(press(.home) == 0)
        #expect(press(.pageUp) == 0)
      }
    }

    @Test("Ctrl toggles, Shift extends from the anchor, a plain pick starts over")
    func selection() {
      expectNoLeaks { schedulers in
        let viewModel = makeViewModel(numbered(8), scheduler: schedulers.make())
        viewModel.isBrowsing.value = true
        @MainActor func picked() -> [String] {
          viewModel.state.value.pickedItems.map(\.displayName)
        }
        #expect(picked() == ["p0.jpg"])  // nothing selected: the current image
        viewModel.pickGridCell(2)
        viewModel.pickGridCell(4, .toggle)
        #expect(picked() == ["p2.jpg", "p4.jpg"])
        #expect(viewModel.index.value == 4)
        viewModel.pickGridCell(2, .toggle)
        #expect(picked() == ["p4.jpg"])
        // Shift: from the last Ctrl pick (the anchor, p2 even though it left) to here.
        viewModel.pickGridCell(6, .extend)
        #expect(picked() == ["p2.jpg", "p3.jpg", "p4.jpg", "p5.jpg", "p6.jpg"])
        viewModel.pickGridCell(3, .extend)
        #expect(picked() == ["p2.jpg", "p3.jpg"])
        viewModel.moveGridFocus(.next, in: Self.layout(for: viewModel), .extend)
        #expect(picked() == ["p2.jpg", "p3.jpg", "p4.jpg"])
        viewModel.selectAllInGrid()
        #expect(picked().count == 8)
        viewModel.pickGridCell(7)
        #expect(picked() == ["p7.jpg"])
        #expect(viewModel.state.value.isPicked(7))
        #expect(!viewModel.state.value.isPicked(6))
      }
    }

    @Test("images that leave the list leave the selection")
    func selectionFollowsTheList() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(["a.jpg", "b.jpg", "c.jpg"], scheduler: scheduler)
        viewModel.isBrowsing.value = true
        viewModel.selectAllInGrid()
        viewModel.filterText.value = "b"
        scheduler.advance(by: 10)
        #expect(viewModel.items.value.map(\.displayName) == ["b.jpg"])
        #expect(viewModel.selection.value.ids == [photos.appendingPathComponent("b.jpg")])
      }
    }

    @Test(
      "Trash with several picked moves them all, the notice counts them, one Undo puts all back")
    func trashSeveral() throws {
      try expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let folder = try TemporaryFolder(files: ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        let files = FakeFiles(trashFolder: folder.url.appendingPathComponent(".trash"))
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), main: scheduler,
          background: scheduler, files: files)
        viewModel.open([folder.url])
        scheduler.advance(by: 1)
        viewModel.isBrowsing.value = true
        viewModel.pickGridCell(1)
        viewModel.pickGridCell(3, .toggle)
        _ = viewModel.commands.trash.execute()
        scheduler.advance(by: 1)
        #expect(viewModel.items.value.map(\.displayName) == ["a.jpg", "c.jpg"])
        #expect(files.operations == ["trash b.jpg", "trash d.jpg"])
        let notice = try #require(viewModel.notice.value)
        #expect(notice.message == "2 images moved to the trash")
        #expect(!notice.isFailure)
        #expect(viewModel.commands.undo.isEnabled.value)
        _ = viewModel.commands.undo.execute()
        scheduler.advance(by: 1)
        #expect(viewModel.items.value.map(\.displayName) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        #expect(viewModel.notice.value == nil)
        #expect(viewModel.current.value?.displayName == "b.jpg")
      }
    }

    @Test("one failure among several: the others go, the notice names the one that stayed")
    func trashSeveralWithAFailure() throws {
      try expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let folder = try TemporaryFolder(files: ["a.jpg", "b.jpg", "c.jpg"])
        let files = FakeFiles(trashFolder: folder.url.appendingPathComponent(".trash"))
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), main: scheduler,
          background: scheduler, files: files)
        viewModel.open([folder.url])
        scheduler.advance(by: 1)
        viewModel.isBrowsing.value = true
        viewModel.selectAllInGrid()
        try FileManager.default.removeItem(at: folder.file("b.jpg"))
        _ = viewModel.commands.trash.execute()
        scheduler.advance(by: 1)
        let notice = try #require(viewModel.notice.value)
        #expect(notice.isFailure)
        #expect(notice.message.hasPrefix("2 images moved to the trash. Cannot move “b.jpg”"))
        #expect(notice.undo != nil)
        #expect(notice.alsoUndo.count == 1)
      }
    }

    @Test(
      "subfolders come first, in natural order, hidden ones left out; opening one, and its parent")
    func subfolders() throws {
      try expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let folder = try TemporaryFolder(
          files: ["x.jpg", "y.jpg", "trip 10/", "trip 9/", ".hidden/", "trip 9/in.jpg"])
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), main: scheduler,
          background: scheduler)
        viewModel.open([folder.url])
        scheduler.advance(by: 1)
        viewModel.isBrowsing.value = true
        let state = viewModel.state.value
        #expect(state.subfolders.map(\.lastPathComponent) == ["trip 9", "trip 10"])
        #expect(state.gridCellCount == 4)
        #expect(state.gridCell(2) == .image(0))
        #expect(state.focusedCell == 2)
        // A subfolder takes the focus without changing the image.
        viewModel.pickGridCell(1)
        #expect(viewModel.focusedCell.value == 1)
        #expect(viewModel.index.value == 0)
        // Nothing for the file actions while a folder has the focus.
        #expect(viewModel.state.value.pickedItems.isEmpty)
        viewModel.moveGridFocus(.previous, in: Self.layout(for: viewModel))
        #expect(viewModel.focusedCell.value == 0)
        viewModel.activateGridFocus()
        scheduler.advance(by: 1)
        #expect(viewModel.isBrowsing.value)
        #expect(viewModel.items.value.map(\.displayName) == ["in.jpg"])
        #expect(viewModel.state.value.subfolders.isEmpty)
        // Up again: the folder we came from has the focus.
        viewModel.openParentFolder()
        scheduler.advance(by: 1)
        #expect(viewModel.items.value.map(\.displayName) == ["x.jpg", "y.jpg"])
        #expect(viewModel.focusedCell.value == 0)
        #expect(viewModel.state.value.folderFocus == 0)
      }
    }

    @Test("a subfolder that vanished while shown says so, and its cell goes; nothing else changes")
    func vanishedSubfolder() throws {
      try expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let folder = try TemporaryFolder(files: ["x.jpg", "gone/", "kept/"])
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), main: scheduler,
          background: scheduler)
        viewModel.open([folder.url])
        scheduler.advance(by: 1)
        viewModel.isBrowsing.value = true
        try FileManager.default.removeItem(at: folder.file("gone"))
        viewModel.activateGridCell(0)
        scheduler.advance(by: 1)
        let notice = try #require(viewModel.notice.value)
        #expect(notice.message == "The folder “gone” no longer exists.")
        #expect(notice.isFailure)
        #expect(viewModel.subfolders.value.map(\.lastPathComponent) == ["kept"])
        #expect(viewModel.items.value.map(\.displayName) == ["x.jpg"])
      }
    }

    @Test("a folder created or deleted while shown: the grid follows on the session's one watch")
    func liveSubfolders() throws {
      try expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let folder = try TemporaryFolder(files: ["x.jpg", "old/"])
        let watcher = FakeWatcher()
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), main: scheduler,
          background: scheduler, watcher: watcher)
        viewModel.open([folder.url])
        scheduler.advance(by: 1)
        let watched = try #require(watcher.watching.first)
        #expect(watcher.watching.count == 1, "one file monitor for the images and the folders")
        try FileManager.default.createDirectory(
          at: folder.file("new"), withIntermediateDirectories: false)
        try FileManager.default.removeItem(at: folder.file("old"))
        watcher.send(.added(folder.file("new")), in: watched)
        watcher.send(.removed(folder.file("old")), in: watched)
        scheduler.advance(by: 5)
        #expect(viewModel.subfolders.value.map(\.lastPathComponent) == ["new"])
        #expect(viewModel.items.value.map(\.displayName) == ["x.jpg"])
      }
    }

    @Test("fullscreen and the slideshow show the viewer; browsing leaves them")
    func presentation() {
      expectNoLeaks { schedulers in
        let viewModel = makeViewModel(numbered(4), scheduler: schedulers.make())
        viewModel.isBrowsing.value = true
        viewModel.isFullscreen.value = true
        #expect(!viewModel.isBrowsing.value)
        viewModel.isBrowsing.value = true
        #expect(!viewModel.isFullscreen.value)
        // Nothing to zoom in the grid.
        #expect(!viewModel.commands.zoomIn.isEnabled.value)
        #expect(!viewModel.commands.zoomTo.isEnabled.value)
        viewModel.startSlideshow()
        #expect(!viewModel.isBrowsing.value)
        #expect(viewModel.commands.zoomIn.isEnabled.value)
        viewModel.isBrowsing.value = true
        #expect(!viewModel.isSlideshowRunning.value)
      }
    }

    @Test("the parent of the root is none")
    func rootHasNoParent() {
      expectNoLeaks { schedulers in
        let viewModel = makeViewModel([], scheduler: schedulers.make())
        #expect(viewModel.parentFolder.value?.path == "/")
        var state = viewModel.state.value
        state.phase = .open(folder: URL(fileURLWithPath: "/", isDirectory: true))
        #expect(state.parentFolder == nil)
      }
    }
  }
}
