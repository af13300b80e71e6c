// The properties sidebar's contents: read off the main thread, current image first, cached.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Image properties")
  @MainActor
  struct PropertiesTests {
    /// A view model showing `names`, with its own main, background and metadata clocks.
    static func make(
      _ names: [String], reader: CountingMetadataReader, schedulers: TestSchedulers,
      shown: Bool = true
    ) -> (TestViewModel, main: TestScheduler, background: TestScheduler, reading: TestScheduler) {
      let main = schedulers.make()
      let background = schedulers.make()
      let reading = schedulers.make()
      let viewModel = TestViewModel(
        images: FakeDecoder(), thumbnails: FakeDecoder(),
        settings: InMemorySettings(Settings(showsProperties: shown)), main: main,
        background: background, metadata: reader, metadataReading: reading)
      viewModel.show(Listing(folder: photos, items: items(names), selectedIndex: 0))
      return (viewModel, main, background, reading)
    }

    @Test("the name shows at once, the camera facts once read on the metadata scheduler")
    func readOffTheMainThread() {
      expectNoLeaks { schedulers in
        let reader = CountingMetadataReader()
        let (viewModel, main, _, reading) = Self.make(
          ["a.jpg", "b.jpg", "c.jpg"], reader: reader, schedulers: schedulers)
        var seen: [ImageProperties?] = []
        let subscription = viewModel.properties.subscribe(next: { seen.append($0) })
        defer { subscription.dispose() }
        #expect(seen.last??.name == "a.jpg")
        #expect(seen.last??.message == "Reading…")
        #expect(reader.reads.isEmpty, "nothing is read on the main thread")
        reading.advance(by: 0)
        #expect(reader.reads == ["a.jpg": 1], "the current image first, alone")
        main.advance(by: 0)
        #expect(seen.last??.rows.first == PropertyRow("Camera", "a.jpg"))
        reading.advance(by: 0)
        #expect(reader.reads == ["a.jpg": 1, "b.jpg": 1], "then the next image, into the cache")
        viewModel.next.execute()
        reading.advance(by: 0)
        main.advance(by: 0)
        #expect(seen.last??.rows.first == PropertyRow("Camera", "b.jpg"))
        #expect(reader.reads["b.jpg"] == 1, "paging shows the cached facts: no second read")
      }
    }

    @Test("hidden, the sidebar costs nothing; shown again, it reads the current image")
    func hiddenReadsNothing() {
      expectNoLeaks { schedulers in
        let reader = CountingMetadataReader()
        let (viewModel, main, _, reading) = Self.make(
          ["a.jpg", "b.jpg"], reader: reader, schedulers: schedulers, shown: false)
        var seen: [ImageProperties?] = []
        let subscription = viewModel.properties.subscribe(next: { seen.append($0) })
        defer { subscription.dispose() }
        viewModel.next.execute()
        reading.advance(by: 0)
        main.advance(by: 0)
        #expect(seen == [nil])
        #expect(reader.reads.isEmpty)
        viewModel.preferences.showsProperties.value = true
        reading.advance(by: 0)
        main.advance(by: 0)
        #expect(seen.last??.name == "b.jpg")
        #expect(seen.last??.isReading == false)
        #expect(viewModel.settings.load().showsProperties, "the choice is remembered")
      }
    }

    @Test("a newer image replaces a read still waiting")
    func newestWins() {
      expectNoLeaks { schedulers in
        let reader = CountingMetadataReader()
        let (viewModel, main, _, reading) = Self.make(
          numbered(5), reader: reader, schedulers: schedulers)
        var seen: [ImageProperties?] = []
        let subscription = viewModel.properties.subscribe(next: { seen.append($0) })
        defer { subscription.dispose() }
        viewModel.last.execute()
        reading.advance(by: 0)
        main.advance(by: 0)
        #expect(reader.reads["p0.jpg"] == nil, "the first image's read never ran")
        #expect(seen.last??.rows.first?.value == "p4.jpg")
        #expect(seen.compactMap { $0 }.allSatisfy { $0.name == "p4.jpg" || $0.isReading })
      }
    }

    @Test("sorting by date taken reads in the background; the current image does not wait")
    func sortByDateTaken() throws {
      try expectNoLeaks { schedulers in
        let folder = try SortingTests.makeFolder()  // modified: c (100 s), a (200 s), b (300 s)
        let reader = CountingMetadataReader(dates: [
          "a.jpg": DateTaken(year: 1990, month: 1, day: 1)!,
          "c.jpg": DateTaken(year: 2000, month: 1, day: 1)!,
        ])
        let main = schedulers.make()
        let background = schedulers.make()
        let reading = schedulers.make()
        let settings = InMemorySettings(Settings(showsProperties: true))
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), settings: settings, main: main,
          background: background, metadata: reader, metadataReading: reading)
        viewModel.open([folder.url])
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(names(viewModel.items.value) == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(reader.reads.isEmpty, "a name sort reads no metadata")
        var seen: [ImageProperties?] = []
        let subscription = viewModel.properties.subscribe(next: { seen.append($0) })
        defer { subscription.dispose() }

        viewModel.sort(by: .dateTaken)
        #expect(viewModel.isSorting.value)
        #expect(settings.load().sortOrder == .dateTaken)
        // The sort waits on the background queue; the sidebar's read does not.
        reading.advance(by: 0)
        main.advance(by: 0)
        #expect(seen.last??.rows.first?.value == "a.jpg")
        background.advance(by: 0)
        main.advance(by: 0)
        // b has no date taken: its modification date (1970) puts it first.
        #expect(names(viewModel.items.value) == ["b.jpg", "a.jpg", "c.jpg"])
        #expect(viewModel.current.value?.displayName == "a.jpg", "the current image stays")
        #expect(!viewModel.isSorting.value)
        #expect(reader.reads.values.allSatisfy { $0 == 1 }, "each file read once: \(reader.reads)")
      }
    }

    @Test("a folder opened in date-taken order arrives sorted by it")
    func openInDateTakenOrder() throws {
      try expectNoLeaks { schedulers in
        let folder = try SortingTests.makeFolder()
        let reader = CountingMetadataReader(dates: [
          "a.jpg": DateTaken(year: 2001, month: 1, day: 1)!,
          "b.jpg": DateTaken(year: 1999, month: 1, day: 1)!,
          "c.jpg": DateTaken(year: 2000, month: 1, day: 1)!,
        ])
        let scheduler = schedulers.make()
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(),
          settings: InMemorySettings(Settings(sortOrder: .dateTaken)), main: scheduler,
          background: scheduler, metadata: reader)
        viewModel.open([folder.url])
        scheduler.advance(by: 0)
        #expect(names(viewModel.items.value) == ["b.jpg", "c.jpg", "a.jpg"])
      }
    }
  }
}
