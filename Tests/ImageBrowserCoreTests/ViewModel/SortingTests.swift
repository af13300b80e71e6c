// Sorting the open folder through the view model: the current image stays, the order is kept.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Sorting")
  @MainActor
  struct SortingTests {
    /// A folder of `a.jpg` (3 bytes), `b.jpg` (1 byte), `c.jpg` (2 bytes), dated so that
    /// the date order is c, a, b.
    static func makeFolder() throws -> TemporaryFolder {
      let folder = try TemporaryFolder(files: [])
      let files = [("a.jpg", 3, 200.0), ("b.jpg", 1, 300.0), ("c.jpg", 2, 100.0)]
      for (name, size, date) in files {
        let url = folder.file(name)
        try Data(repeating: 0, count: size).write(to: url)
        try FileManager.default.setAttributes(
          [.modificationDate: Date(timeIntervalSince1970: date)], ofItemAtPath: url.path)
      }
      return folder
    }

    @Test("switching the order keeps the current image current and saves the choice")
    func switchKeepsCurrent() throws {
      try expectNoLeaks { schedulers in
        let folder = try Self.makeFolder()
        let main = schedulers.make()
        let background = schedulers.make()
        let settings = InMemorySettings()
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), settings: settings, main: main,
          background: background)
        viewModel.open([folder.file("a.jpg")])
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["a.jpg", "b.jpg", "c.jpg"])
        var current: [String?] = []
        let subscription = viewModel.current.changes.subscribe(next: {
          current.append($0?.displayName)
        })
        viewModel.sort(by: .size)
        #expect(viewModel.sortOrder.value == .size)
        #expect(settings.load().sortOrder == .size)
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["b.jpg", "c.jpg", "a.jpg"])
        #expect(viewModel.index.value == 2)
        viewModel.sort(by: .modificationDate)
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["c.jpg", "a.jpg", "b.jpg"])
        #expect(viewModel.index.value == 1)
        viewModel.sort(by: .name)
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["a.jpg", "b.jpg", "c.jpg"])
        // The same image throughout: never another, never decoded again.
        #expect(current == [])
        subscription.dispose()
      }
    }

    @Test("the order comes from the settings and applies to the next folder opened")
    func orderFromSettings() throws {
      try expectNoLeaks { schedulers in
        let folder = try Self.makeFolder()
        let scheduler = schedulers.make()
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(),
          settings: InMemorySettings(Settings(sortOrder: .size)), main: scheduler,
          background: scheduler)
        #expect(viewModel.sortOrder.value == .size)
        viewModel.open([folder.url])
        scheduler.advance(by: 0)
        #expect(names(viewModel.items.value) == ["b.jpg", "c.jpg", "a.jpg"])
        #expect(viewModel.current.value?.displayName == "b.jpg")
      }
    }

    @Test("an order chosen while the folder is read applies to the listing when it arrives")
    func orderChangedDuringScan() throws {
      try expectNoLeaks { schedulers in
        let folder = try Self.makeFolder()
        let main = schedulers.make()
        let background = schedulers.make()
        let viewModel = makeViewModel(nil, scheduler: main, background: background)
        viewModel.open([folder.file("c.jpg")])
        viewModel.sort(by: .size)
        // The listing in name order, then the re-sort it needs.
        for _ in 0..<2 {
          background.advance(by: 0)
          main.advance(by: 0)
        }
        #expect(names(viewModel.items.value) == ["b.jpg", "c.jpg", "a.jpg"])
        #expect(viewModel.current.value?.displayName == "c.jpg")
      }
    }

  }
}
