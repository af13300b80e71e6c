// Opening paths through the view model: scanning in the background, errors in the window.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowser

extension ImageBrowserTests {
  @Suite("Opening")
  @MainActor
  struct OpeningTests {
    @Test("a folder scans on the background scheduler and shows on the main one")
    func openFolder() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["b10.jpg", "b9.jpg", "x.txt"])
        let main = schedulers.make()
        let background = schedulers.make()
        let viewModel = makeViewModel(nil, scheduler: main, background: background)
        viewModel.open([folder.url])
        #expect(viewModel.state.value.phase == .opening([folder.url]))
        #expect(viewModel.title.value == "Image Browser")
        background.advance(by: 0)
        #expect(viewModel.items.value.isEmpty)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["b9.jpg", "b10.jpg"])
        #expect(viewModel.title.value == "b9.jpg (1 of 2) — Image Browser")
      }
    }

    @Test("a file opens its folder with that file current")
    func openFile() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["a.png", "b.png", "c.png"])
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(nil, scheduler: scheduler)
        viewModel.open([folder.file("b.png")])
        scheduler.advance(by: 0)
        #expect(viewModel.title.value == "b.png (2 of 3) — Image Browser")
        #expect(viewModel.previous.isEnabled.value)
      }
    }

    @Test("a missing path shows its message in the window, and nothing to page")
    func openMissing() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(3), scheduler: scheduler)
        let missing = URL(fileURLWithPath: "/nonexistent/trip")
        viewModel.open([missing])
        scheduler.advance(by: 0)
        #expect(viewModel.state.value.phase == .failed(.notFound(missing)))
        #expect(viewModel.placeholder.value == "“/nonexistent/trip” does not exist.")
        #expect(viewModel.title.value == "Cannot open trip — Image Browser")
        #expect(viewModel.items.value.isEmpty)
        #expect(!viewModel.next.isEnabled.value)
      }
    }

    @Test("a newer open cancels a scan still waiting")
    func newerOpenWins() throws {
      try expectNoLeaks { schedulers in
        let first = try TemporaryFolder(files: ["one.jpg"])
        let second = try TemporaryFolder(files: ["two.jpg"])
        let main = schedulers.make()
        let background = schedulers.make()
        let viewModel = makeViewModel(nil, scheduler: main, background: background)
        viewModel.open([first.url])
        viewModel.open([second.url])
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["two.jpg"])
      }
    }

    @Test("rescanning picks up new files and keeps the current image")
    func rescan() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["b.jpg", "c.jpg"])
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(nil, scheduler: scheduler)
        viewModel.open([folder.file("c.jpg")])
        scheduler.advance(by: 0)
        try Data().write(to: folder.file("a.jpg"))
        viewModel.rescan()
        scheduler.advance(by: 0)
        #expect(viewModel.title.value == "c.jpg (3 of 3) — Image Browser")
      }
    }
  }
}
