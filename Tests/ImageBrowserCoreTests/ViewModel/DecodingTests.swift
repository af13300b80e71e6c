// The current image decoded at the viewer's size, its neighbours ahead, the newest request winning.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Decoding the current image")
  @MainActor
  struct DecodingTests {
    static func describe(_ state: ImageState<FakeImage>) -> String {
      LoadingTests.describe(state)
    }

    @Test("decoded to fit the viewer; zooming decodes it at full size; shrinking keeps it")
    func viewerSize() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let background = schedulers.make()
        let decoder = FakeDecoder()
        let viewModel = makeViewModel(
          ["a.jpg"], scheduler: main, background: background, decoder: decoder)
        viewModel.viewport.value = PixelSize(width: 800, height: 600)
        background.advance(by: 0)
        main.advance(by: 0)
        // The request before the viewer had a size was replaced before it started.
        #expect(decoder.requested == ["a.jpg"])
        #expect(viewModel.currentImage.value.image == FakeImage(name: "a.jpg", size: 800))
        viewModel.zoomToActualSize()
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(viewModel.currentImage.value.image == FakeImage(name: "a.jpg", size: nil))
        // Back to fit, or a smaller window: the full-size image serves; no new decode.
        viewModel.zoomToFit()
        viewModel.viewport.value = PixelSize(width: 400, height: 300)
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(decoder.requested == ["a.jpg", "a.jpg"])
        #expect(viewModel.currentImage.value.image == FakeImage(name: "a.jpg", size: nil))
      }
    }

    @Test("a larger window decodes again; the smaller image shows until then")
    func largerWindow() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let decoder = FakeDecoder()
        let viewModel = makeViewModel(["a.jpg"], scheduler: scheduler, decoder: decoder)
        viewModel.viewport.value = PixelSize(width: 400, height: 300)
        scheduler.advance(by: 0)
        viewModel.viewport.value = PixelSize(width: 1200, height: 900)
        #expect(viewModel.currentImage.value.image == FakeImage(name: "a.jpg", size: 400))
        scheduler.advance(by: 0)
        #expect(viewModel.currentImage.value.image == FakeImage(name: "a.jpg", size: 1200))
      }
    }

    @Test("the next and previous images are decoded ahead: paging shows them at once")
    func neighboursAhead() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let decoder = FakeDecoder()
        let viewModel = makeViewModel(
          numbered(5), selected: 2, scheduler: scheduler, decoder: decoder)
        var states: [String] = []
        let subscription = viewModel.currentImage.signal.subscribe(next: {
          states.append(Self.describe($0))
        })
        scheduler.advance(by: 0)
        // The current image first, then the next, then the previous.
        #expect(decoder.requested == ["p2.jpg", "p3.jpg", "p1.jpg"])
        viewModel.next.execute()
        #expect(Self.describe(viewModel.currentImage.value) == "loaded p3.jpg")
        scheduler.advance(by: 0)
        // p2 is kept: only p4 is new.
        #expect(decoder.requested == ["p2.jpg", "p3.jpg", "p1.jpg", "p4.jpg"])
        viewModel.previous.execute()
        scheduler.advance(by: 0)
        viewModel.previous.execute()
        scheduler.advance(by: 0)
        #expect(
          states == [
            "loading p2.jpg", "loaded p2.jpg", "loaded p3.jpg", "loaded p2.jpg",
            "loaded p1.jpg",
          ])
        subscription.dispose()
      }
    }

    @Test("paging backwards decodes the previous image ahead first")
    func backwardsAhead() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let decoder = FakeDecoder()
        let viewModel = makeViewModel(
          numbered(9), selected: 5, scheduler: scheduler, decoder: decoder)
        scheduler.advance(by: 0)
        #expect(decoder.requested == ["p5.jpg", "p6.jpg", "p4.jpg"])
        viewModel.select(index: 2)
        scheduler.advance(by: 0)
        // Backwards: p1 before p3.
        #expect(decoder.requested.suffix(3) == ["p2.jpg", "p1.jpg", "p3.jpg"])
        viewModel.select(index: 7)
        scheduler.advance(by: 0)
        // Forwards again: p8 before p6.
        #expect(decoder.requested.suffix(3) == ["p7.jpg", "p8.jpg", "p6.jpg"])
      }
    }

    @Test("paging faster than decoding: only the newest image decodes, never a queue")
    func newestWins() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let background = schedulers.make()
        let decoder = FakeDecoder()
        let viewModel = makeViewModel(
          numbered(50), scheduler: main, background: background, decoder: decoder)
        for _ in 0..<30 { viewModel.next.execute() }
        background.advance(by: 0)
        main.advance(by: 0)
        // The image shown is the current one; the 30 skipped never decoded.
        #expect(decoder.requested.first == "p30.jpg")
        #expect(Self.describe(viewModel.currentImage.value) == "loaded p30.jpg")
        background.advance(by: 0)
        main.advance(by: 0)
        background.advance(by: 0)
        #expect(decoder.requested == ["p30.jpg", "p31.jpg", "p29.jpg"])
      }
    }

    @Test("memory stays bounded: only the current image and its neighbours are kept")
    func boundedCache() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(40), scheduler: scheduler)
        for _ in 0..<25 {
          viewModel.next.execute()
          scheduler.advance(by: 0)
          #expect(viewModel.decoded.count <= 3)
        }
        #expect(viewModel.decoded.count == 3)
      }
    }
  }
}

/// A decoded image that counts how many of it are alive.
final class TrackedImage: Sendable {
  static let alive = Locked(0)
  init() { Self.alive.withLock { $0 += 1 } }
  deinit { Self.alive.withLock { $0 -= 1 } }
}

/// Decodes every item to a new `TrackedImage`.
struct TrackingDecoder: ImageLoading, ThumbnailLoading {
  func loadImage(for item: ImageItem, fitting box: PixelSize?) -> Signal<
    TrackedImage, ImageLoadError
  > {
    Signal { observer in
      observer.send(TrackedImage())
      observer.sendCompleted()
      return Disposables.empty
    }
  }

  func loadThumbnail(for item: ImageItem, size: Int) -> Signal<TrackedImage, ImageLoadError> {
    loadImage(for: item, fitting: nil)
  }

  func transformed(_ image: TrackedImage, by orientation: Orientation) -> TrackedImage {
    TrackedImage()
  }
}

extension ImageBrowserCoreTests.DecodingTests {
  @Test("decoded images are released as paging moves on: at most the current and two")
  func imagesReleased() {
    expectNoLeaks { schedulers in
      let main = schedulers.make()
      let background = schedulers.make()
      let viewModel = BrowserViewModel<TrackedImage, TrackedImage>(
        images: TrackingDecoder(), thumbnails: TrackingDecoder(), main: main,
        background: background)
      viewModel.show(Listing(folder: photos, items: items(numbered(200)), selectedIndex: 0))
      for step in 0..<150 {
        viewModel.next.execute()
        if step % 3 == 0 {
          background.advance(by: 0)
          main.advance(by: 0)
        }
        #expect(TrackedImage.alive.withLock { $0 } <= 4, "step \(step)")
      }
    }
    #expect(TrackedImage.alive.withLock { $0 } == 0)
  }
}
