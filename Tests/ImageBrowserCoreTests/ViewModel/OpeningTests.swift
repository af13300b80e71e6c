// Opening paths through the view model: scanning in the background, errors in the window.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
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

    @Test("an opened file is current at once, before its folder is listed")
    func fileFirst() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["a.png", "b.png", "c.png"])
        let main = schedulers.make()
        let background = schedulers.make()
        let viewModel = makeViewModel(nil, scheduler: main, background: background)
        viewModel.open([folder.file("b.png")])
        // Nothing has run on either scheduler: the listing has not even started.
        #expect(names(viewModel.items.value) == ["b.png"])
        #expect(viewModel.current.value?.url == folder.file("b.png"))
        #expect(viewModel.title.value == "b.png (1 of 1) — Image Browser")
        #expect(viewModel.placeholder.value == nil)
        #expect(viewModel.isListing.value)
        #expect(background.hasPendingActions)
        background.advance(by: 0)
        #expect(names(viewModel.items.value) == ["b.png"])
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["a.png", "b.png", "c.png"])
        #expect(!viewModel.isListing.value)
      }
    }

    @Test("the folder arrives in one batch and the opened file stays current")
    func oneBatch() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["p1.jpg", "p2.jpg", "p10.jpg", "p11.jpg"])
        let opened = Self.open(folder.file("p10.jpg"), schedulers: schedulers)
        #expect(opened.shown == [["p10.jpg"], ["p1.jpg", "p2.jpg", "p10.jpg", "p11.jpg"]])
        #expect(opened.current == ["p10.jpg"])
        #expect(opened.viewModel.index.value == 2)
        #expect(opened.viewModel.title.value == "p10.jpg (3 of 4) — Image Browser")
      }
    }

    @Test("a folder shows its first image at once, then the rest in one batch around it")
    func folderFirstThenBatch() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["b10.jpg", "B2.jpg", "a.jpg", "c.jpg"])
        let opened = Self.open(folder.url, schedulers: schedulers)
        #expect(opened.shown == [["a.jpg"], ["a.jpg", "B2.jpg", "b10.jpg", "c.jpg"]])
        // The first image became current once, and stayed current as the rest arrived.
        #expect(opened.current == ["a.jpg"])
        #expect(opened.listing == [true, false])
        #expect(opened.viewModel.index.value == 0)
        #expect(opened.viewModel.title.value == "a.jpg (1 of 4) — Image Browser")
      }
    }

    @Test(
      "each order's first image comes first and stays current",
      arguments: [
        (ImageSortOrder.name, true, "c.jpg"),
        (.size, false, "b.jpg"),
        (.size, true, "c.jpg"),
        (.modificationDate, false, "c.jpg"),
        (.modificationDate, true, "a.jpg"),
      ])
    func folderFirstInOrder(key: ImageSortOrder, descending: Bool, expected: String) throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["a.jpg", "b.jpg", "c.jpg"])
        for (name, bytes, age) in [("a.jpg", 20, 10.0), ("b.jpg", 10, 20), ("c.jpg", 30, 30)] {
          let file = folder.file(name)
          try Data(count: bytes).write(to: file)
          try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -age * 3600)], ofItemAtPath: file.path)
        }
        let opened = Self.open(
          folder.url, sortedBy: key, descending: descending, schedulers: schedulers)
        #expect(opened.shown.first == [expected])
        #expect(opened.shown.count == 2)
        #expect(opened.shown.last?.first == expected)
        #expect(opened.current == [expected])
      }
    }

    @Test("sorted by date taken, a folder still shows in one batch")
    func folderDateTakenOneBatch() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["b.jpg", "a.jpg"])
        let shown = Self.open(folder.url, sortedBy: .dateTaken, schedulers: schedulers).shown
        #expect(shown.count == 1)
        #expect(Set(shown.first ?? []) == ["a.jpg", "b.jpg"])
      }
    }

    /// Opens `url` (a folder or a file) in a new view model sorted by `key`, listing on a
    /// background scheduler of its own; returns the view model, and each list shown, each
    /// current image (by name) and each change of whether it is listing.
    static func open(
      _ url: URL, sortedBy key: ImageSortOrder = .name, descending: Bool = false,
      schedulers: TestSchedulers
    ) -> (viewModel: TestViewModel, shown: [[String]], current: [String?], listing: [Bool]) {
      let main = schedulers.make()
      let background = schedulers.make()
      let viewModel = makeViewModel(nil, scheduler: main, background: background)
      viewModel.sort(by: key)
      viewModel.sort(descending: descending)
      var shown: [[String]] = []
      var current: [String?] = []
      var listing: [Bool] = []
      let subscriptions = CompositeDisposable()
      subscriptions.add(viewModel.items.changes.subscribe(next: { shown.append(names($0)) }))
      subscriptions.add(
        viewModel.current.changes.subscribe(next: { current.append($0?.displayName) }))
      subscriptions.add(viewModel.isListing.changes.subscribe(next: { listing.append($0) }))
      viewModel.open([url])
      background.advance(by: 0)
      main.advance(by: 0)
      subscriptions.dispose()
      return (viewModel, shown, current, listing)
    }

    @Test("a newer open cancels the listing of a file's folder before it runs")
    func newerOpenCancelsFileListing() throws {
      try expectNoLeaks { schedulers in
        let first = try TemporaryFolder(files: ["one.jpg", "uno.jpg"])
        let second = try TemporaryFolder(files: ["two.jpg", "dos.jpg"])
        let main = schedulers.make()
        let background = schedulers.make()
        let scanner = CountingScanner()
        let viewModel = makeViewModel(
          nil, scheduler: main, background: background, scanner: scanner)
        var shown: [[String]] = []
        let subscription = viewModel.items.changes.subscribe(next: { shown.append(names($0)) })
        viewModel.open([first.file("one.jpg")])
        viewModel.open([second.file("two.jpg")])
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(scanner.scanned == [second.url.standardizedFileURL])
        #expect(shown == [["one.jpg"], ["two.jpg"], ["dos.jpg", "two.jpg"]])
        #expect(viewModel.current.value?.displayName == "two.jpg")
        subscription.dispose()
      }
    }

    @Test("a file whose folder cannot be listed still shows")
    func folderUnlistable() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["a.jpg", "b.jpg"])
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(nil, scheduler: scheduler, scanner: FailingScanner())
        viewModel.open([folder.file("b.jpg")])
        scheduler.advance(by: 0)
        #expect(names(viewModel.items.value) == ["b.jpg"])
        #expect(!viewModel.isListing.value)
        #expect(viewModel.placeholder.value == nil)
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

/// The real scanner, recording which folders it listed.
final class CountingScanner: FolderScanning {
  private let scanner = FolderScanner()
  private let folders = Locked<[URL]>([])

  /// The folders listed so far, in order.
  var scanned: [URL] { folders.withLock { $0 } }

  var formats: SupportedFormats { scanner.formats }

  func scan(_ folder: URL, sortedBy order: ImageSortOrder) throws(BrowseError) -> [ImageItem] {
    folders.withLock { $0.append(folder) }
    return try scanner.scan(folder, sortedBy: order)
  }

  func item(at file: URL) -> ImageItem? { scanner.item(at: file) }

  func listedItem(at file: URL) -> ImageItem? { scanner.listedItem(at: file) }

  func isFolder(_ url: URL) -> Bool { scanner.isFolder(url) }
}

/// The real scanner, except that listing a folder always fails (as for a folder with
/// execute but not read permission, which root cannot reproduce).
struct FailingScanner: FolderScanning {
  private let scanner = FolderScanner()

  var formats: SupportedFormats { scanner.formats }

  func scan(_ folder: URL, sortedBy order: ImageSortOrder) throws(BrowseError) -> [ImageItem] {
    throw .unreadable(folder, reason: "permission denied")
  }

  func item(at file: URL) -> ImageItem? { scanner.item(at: file) }

  func listedItem(at file: URL) -> ImageItem? { scanner.listedItem(at: file) }

  func isFolder(_ url: URL) -> Bool { scanner.isFolder(url) }
}
