// The information panel's facts come from the view model, with file sizes and dates read
// in the background, and always about the image the title names.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Image information")
  @MainActor
  struct InfoTests {
    @Test("facts a name-sorted listing lacks are read on the background scheduler")
    func factsReadInBackground() throws {
      try expectNoLeaks { schedulers in
        let folder = try SortingTests.makeFolder()
        let main = schedulers.make()
        let background = schedulers.make()
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), main: main, background: background)
        viewModel.open([folder.url])
        background.advance(by: 0)
        main.advance(by: 0)
        var seen: [ImageInfo?] = []
        let subscription = viewModel.info.subscribe(next: { seen.append($0) })
        defer { subscription.dispose() }
        main.advance(by: 0)
        viewModel.next.execute()
        main.advance(by: 0)
        let named = try #require(seen.last ?? nil)
        #expect(named.name == "b.jpg", "the name shows at once")
        #expect(named.lines.isEmpty, "no size or date before they are read")
        background.advance(by: 0)
        main.advance(by: 0)
        let info = try #require(seen.last ?? nil)
        #expect(info.name == "b.jpg")
        let bytes = try #require(info.lines.firstIndex { $0.contains("1 byte") })
        #expect(info.lines.count == bytes + 2, "the date follows the size: \(info.lines)")
      }
    }

    @Test("no image, no facts; a failed decode says so")
    func noneAndFailed() throws {
      try expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(
          [], scheduler: scheduler, decoder: FakeDecoder(failing: ["bad.jpg"]))
        var seen: [ImageInfo?] = []
        let subscription = viewModel.info.subscribe(next: { seen.append($0) })
        defer { subscription.dispose() }
        scheduler.advance(by: 0)
        #expect(seen == [nil])
        viewModel.show(
          Listing(
            folder: photos,
            items: [ImageItem(url: photos.appendingPathComponent("bad.jpg"), byteCount: 5)],
            selectedIndex: 0))
        scheduler.advance(by: 1)
        let info = try #require(seen.last ?? nil)
        #expect(info.lines.first == "Cannot be decoded")
      }
    }
  }
}
