// The strip's thumbnail stands in for the current image while it decodes.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("A thumbnail standing in while the image decodes")
  @MainActor
  struct StandInTests {
    /// A view model showing `p0.jpg` … with full images decoded on `images` and
    /// thumbnails (and everything else in the background) on `thumbnails`, so a test
    /// holds back either.
    static func makeViewModel(
      _ count: Int, main: TestScheduler, images: TestScheduler, thumbnails: TestScheduler,
      decoder: FakeDecoder = FakeDecoder()
    ) -> TestViewModel {
      let viewModel = TestViewModel(
        images: decoder, thumbnails: decoder, main: main, background: thumbnails,
        imageDecoding: images)
      viewModel.show(Listing(folder: photos, items: items(numbered(count)), selectedIndex: 0))
      viewModel.viewport.value = PixelSize(width: 800, height: 600)
      return viewModel
    }

    /// What the strip does: asks for the thumbnails of `rows`; the caller disposes.
    static func stripLoads(
      _ rows: [Int], of viewModel: TestViewModel, thumbnails: TestScheduler, main: TestScheduler
    ) -> Disposable {
      let strip = CompositeDisposable()
      for row in rows {
        strip.add(
          viewModel.thumbnail(for: viewModel.items.value[row], size: 96, position: row)
            .subscribe())
      }
      thumbnails.advance(by: 0)
      main.advance(by: 0)
      return strip
    }

    static func standInName(_ viewModel: TestViewModel) -> String? {
      viewModel.standIn.value.map {
        "\($0.item.displayName) \($0.thumbnail.name)@\($0.thumbnail.size ?? 0)"
      }
    }

    @Test("while the current image decodes, its thumbnail stands in until the sharp image comes")
    func standsInUntilDecoded() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let images = schedulers.make()
        let thumbnails = schedulers.make()
        let viewModel = Self.makeViewModel(
          5, main: main, images: images, thumbnails: thumbnails)
        let strip = Self.stripLoads(
          Array(0..<5), of: viewModel, thumbnails: thumbnails, main: main)
        images.advance(by: 0)
        main.advance(by: 0)
        #expect(LoadingTests.describe(viewModel.currentImage.value) == "loaded p0.jpg")
        #expect(viewModel.standIn.value == nil)
        viewModel.select(index: 3)
        // At once, nothing decoded: the title and the stand-in name the same image.
        #expect(LoadingTests.describe(viewModel.currentImage.value) == "loading p3.jpg")
        #expect(Self.standInName(viewModel) == "p3.jpg p3.jpg@96")
        #expect(viewModel.title.value.hasPrefix("p3.jpg"))
        images.advance(by: 0)
        main.advance(by: 0)
        #expect(viewModel.currentImage.value.image == FakeImage(name: "p3.jpg", size: 800))
        #expect(viewModel.standIn.value == nil)
        strip.dispose()
      }
    }

    @Test("paging faster than decoding: each image the title names stands in at once")
    func pagingFasterThanDecoding() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let images = schedulers.make()
        let thumbnails = schedulers.make()
        let decoder = FakeDecoder()
        let viewModel = Self.makeViewModel(
          6, main: main, images: images, thumbnails: thumbnails, decoder: decoder)
        let strip = Self.stripLoads(
          Array(0..<6), of: viewModel, thumbnails: thumbnails, main: main)
        var shown: [String] = []
        let subscription = viewModel.standIn.signal.subscribe(next: { standIn in
          if let standIn { shown.append(standIn.item.displayName) }
        })
        // Every key comes before the decode of the image before it could run.
        for _ in 0..<5 {
          viewModel.next.execute()
          #expect(viewModel.standIn.value?.item == viewModel.current.value)
        }
        #expect(shown == ["p0.jpg", "p1.jpg", "p2.jpg", "p3.jpg", "p4.jpg", "p5.jpg"])
        images.advance(by: 0)
        main.advance(by: 0)
        // The decodes paged past were dropped, not queued: the last one's ran first.
        #expect(decoder.requestedImages.first == "p5.jpg@800")
        #expect(viewModel.currentImage.value.image == FakeImage(name: "p5.jpg", size: 800))
        #expect(viewModel.standIn.value == nil)
        subscription.dispose()
        strip.dispose()
      }
    }

    @Test("no thumbnail is waited for: one arriving while the image still decodes stands in")
    func thumbnailArrivingLater() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let images = schedulers.make()
        let thumbnails = schedulers.make()
        let viewModel = Self.makeViewModel(
          5, main: main, images: images, thumbnails: thumbnails)
        viewModel.select(index: 3)
        // No thumbnail in memory: nothing stands in (the viewer keeps what it shows).
        #expect(LoadingTests.describe(viewModel.currentImage.value) == "loading p3.jpg")
        #expect(viewModel.standIn.value == nil)
        // Another image's thumbnail never stands in.
        let other = Self.stripLoads([2, 4], of: viewModel, thumbnails: thumbnails, main: main)
        #expect(viewModel.standIn.value == nil)
        let strip = Self.stripLoads([3], of: viewModel, thumbnails: thumbnails, main: main)
        #expect(Self.standInName(viewModel) == "p3.jpg p3.jpg@96")
        images.advance(by: 0)
        main.advance(by: 0)
        #expect(viewModel.standIn.value == nil)
        // A thumbnail arriving after the image is decoded stands in for nothing.
        let again = Self.stripLoads([3], of: viewModel, thumbnails: thumbnails, main: main)
        #expect(viewModel.standIn.value == nil)
        for disposable in [other, strip, again] { disposable.dispose() }
      }
    }

    @Test("an image turned but not saved gets no stand-in: its thumbnail is not turned")
    func editedImage() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let images = schedulers.make()
        let thumbnails = schedulers.make()
        let viewModel = Self.makeViewModel(
          5, main: main, images: images, thumbnails: thumbnails)
        let strip = Self.stripLoads(
          Array(0..<5), of: viewModel, thumbnails: thumbnails, main: main)
        viewModel.select(index: 3)
        viewModel.editCurrent(by: .clockwise)
        #expect(viewModel.standIn.value == nil)
        viewModel.next.execute()
        #expect(Self.standInName(viewModel) == "p4.jpg p4.jpg@96")
        viewModel.previous.execute()
        #expect(LoadingTests.describe(viewModel.currentImage.value) == "loading p3.jpg")
        #expect(viewModel.standIn.value == nil)
        strip.dispose()
      }
    }

    @Test("the thumbnails remembered are bounded; the oldest go first")
    func bounded() {
      let recent = RecentThumbnails<String>(capacity: 2)
      let (a, b, c) = (
        ImageItem(url: photos.appendingPathComponent("a.jpg")),
        ImageItem(url: photos.appendingPathComponent("b.jpg")),
        ImageItem(url: photos.appendingPathComponent("c.jpg"))
      )
      recent.store("a", for: a)
      recent.store("b", for: b)
      recent.store("a2", for: a)
      recent.store("c", for: c)
      #expect(recent.count == 2)
      #expect(recent[a] == "a2")
      #expect(recent[b] == nil)
      #expect(recent[c] == "c")
    }
  }
}
