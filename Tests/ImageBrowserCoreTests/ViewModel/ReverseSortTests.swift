// Reversing the sort order through the view model: backwards, remembered, live, current kept.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Reverse sort")
  @MainActor
  struct ReverseSortTests {
    @Test("reversing keeps the current image current, saves the choice, and combines with keys")
    func reverse() throws {
      try expectNoLeaks { schedulers in
        let folder = try SortingTests.makeFolder()
        let main = schedulers.make()
        let background = schedulers.make()
        let settings = InMemorySettings()
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), settings: settings, main: main,
          background: background)
        let commands = viewModel.commands
        viewModel.open([folder.file("b.jpg")])
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["a.jpg", "b.jpg", "c.jpg"])
        var current: [String?] = []
        let subscription = viewModel.current.changes.subscribe(next: {
          current.append($0?.displayName)
        })

        // The menu's check item, as the toggle action sets it.
        commands.sortDescending.value = true
        #expect(viewModel.sortDescending.value)
        #expect(settings.load().sortDescending)
        #expect(settings.load().sortOrder == .name)
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["c.jpg", "b.jpg", "a.jpg"])
        #expect(viewModel.current.value?.displayName == "b.jpg")
        viewModel.sort(by: .size)
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["a.jpg", "c.jpg", "b.jpg"], "largest first")
        viewModel.sort(by: .modificationDate)
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["b.jpg", "a.jpg", "c.jpg"], "newest first")
        #expect(current == [], "the same image throughout")

        // Turned back from elsewhere: the toggle follows.
        viewModel.sort(descending: false)
        #expect(commands.sortDescending.value == false)
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["c.jpg", "a.jpg", "b.jpg"])
        #expect(settings.load() == Settings(sortOrder: .modificationDate))
        subscription.dispose()
      }
    }

    @Test("a saved descending order opens folders backwards, on their first image")
    func descendingFromSettings() throws {
      try expectNoLeaks { schedulers in
        let folder = try SortingTests.makeFolder()
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(
          nil, scheduler: scheduler, settings: Settings(sortOrder: .name, sortDescending: true))
        viewModel.open([folder.url])
        scheduler.advance(by: 0)
        #expect(names(viewModel.items.value) == ["c.jpg", "b.jpg", "a.jpg"])
        #expect(viewModel.current.value?.displayName == "c.jpg", "the first shown, not a.jpg")

        // A file opened by name stays current in the reversed folder.
        viewModel.open([folder.file("a.jpg")])
        scheduler.advance(by: 0)
        #expect(names(viewModel.items.value) == ["c.jpg", "b.jpg", "a.jpg"])
        #expect(viewModel.current.value?.displayName == "a.jpg")
      }
    }

    @Test("files appearing in a reversed folder go into their places")
    func mergedDescending() {
      let sort = ImageSort(.name, descending: true)
      let kept = items(["img9.jpg", "img3.jpg", "img1.jpg"])
      let merged = sort.merged(items(["img10.jpg", "img2.jpg", "img0.jpg"]), into: kept)
      #expect(
        names(merged) == ["img10.jpg", "img9.jpg", "img3.jpg", "img2.jpg", "img1.jpg", "img0.jpg"])
      #expect(merged == sort.sorted(kept + items(["img10.jpg", "img2.jpg", "img0.jpg"])))
    }

    @Test("the button's tooltip names the order in effect and its direction")
    func summary() {
      #expect(ImageSort(.size, descending: true).summary == "Sorted by size, largest first")
      #expect(ImageSort(.name).summary == "Sorted by name, A to Z")
    }
  }
}
