// The current image's neighbours are decoded ahead only once the strip's thumbnails are in.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Decoding ahead after the strip's thumbnails")
  @MainActor
  struct PreloadGateTests {
    /// A view model showing `p0.jpg` … `p4.jpg` with `p2.jpg` current and decoded, the
    /// strip having asked for the thumbnails of all five (held back on `thumbnails`).
    @MainActor
    final class Rig {
      let main: TestScheduler
      let images: TestScheduler
      let thumbnails: TestScheduler
      let decoder = FakeDecoder()
      let viewModel: TestViewModel
      let strip = CompositeDisposable()

      init(_ schedulers: TestSchedulers) {
        main = schedulers.make()
        images = schedulers.make()
        thumbnails = schedulers.make()
        viewModel = StandInTests.makeViewModel(
          5, main: main, images: images, thumbnails: thumbnails, decoder: decoder)
        for row in 0..<5 {
          strip.add(
            viewModel.thumbnail(for: viewModel.items.value[row], size: 96, position: row)
              .subscribe())
        }
        viewModel.select(index: 2)
        images.advance(by: 0)
        main.advance(by: 0)
      }

      /// Runs the image scheduler until both neighbours are decoded, if they may be (each
      /// decode is delivered on the main scheduler before the next starts).
      func decodeAhead() {
        images.advance(by: 0)
        main.advance(by: 0)
        images.advance(by: 0)
      }

      /// The full images decoded since the rig was made, as `NAME@WIDTH`.
      var decodedImages: [String] { decoder.requestedImages }

      func close() { strip.dispose() }
    }

    @Test("the neighbours wait while the strip's thumbnails decode, then decode at once")
    func waitForThumbnails() {
      expectNoLeaks { schedulers in
        let rig = Rig(schedulers)
        defer { rig.close() }
        #expect(LoadingTests.describe(rig.viewModel.currentImage.value) == "loaded p2.jpg")
        rig.images.advance(by: 0)
        #expect(!rig.decodedImages.contains("p3.jpg@800"))
        #expect(rig.viewModel.pendingThumbnails.value == 5)
        rig.thumbnails.advance(by: 0)
        rig.main.advance(by: 0)
        #expect(rig.viewModel.pendingThumbnails.value == 0)
        rig.decodeAhead()
        // The one in the direction of paging first.
        #expect(Array(rig.decodedImages.suffix(2)) == ["p3.jpg@800", "p1.jpg@800"])
      }
    }

    @Test("thumbnails dropped (scrolled away) count as done, and so do failed ones")
    func droppedAndFailed() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let images = schedulers.make()
        let thumbnails = schedulers.make()
        let decoder = FakeDecoder(failing: ["p0.jpg"])
        let viewModel = StandInTests.makeViewModel(
          5, main: main, images: images, thumbnails: thumbnails, decoder: decoder)
        let failing = viewModel.thumbnail(for: viewModel.items.value[0], size: 96, position: 0)
          .subscribe()
        let scrolled = viewModel.thumbnail(for: viewModel.items.value[4], size: 96, position: 4)
          .subscribe()
        #expect(viewModel.pendingThumbnails.value == 2)
        scrolled.dispose()
        #expect(viewModel.pendingThumbnails.value == 1)
        thumbnails.advance(by: 0)
        main.advance(by: 0)
        #expect(viewModel.pendingThumbnails.value == 0)
        failing.dispose()
        #expect(viewModel.pendingThumbnails.value == 0)
      }
    }

    @Test("thumbnails slower than the wait (a loaded machine): the neighbours go anyway")
    func atMostTheWait() {
      expectNoLeaks { schedulers in
        let rig = Rig(schedulers)
        defer { rig.close() }
        // 150 ms is two ticks of 100 ms.
        rig.main.advance(by: 1)
        rig.images.advance(by: 0)
        #expect(!rig.decodedImages.contains("p3.jpg@800"))
        rig.main.advance(by: 1)
        rig.decodeAhead()
        #expect(Array(rig.decodedImages.suffix(2)) == ["p3.jpg@800", "p1.jpg@800"])
        #expect(rig.viewModel.pendingThumbnails.value == 5)
      }
    }

    @Test("paging on while the neighbours wait: only the new image's neighbours decode")
    func pagingOnWhileWaiting() {
      expectNoLeaks { schedulers in
        let rig = Rig(schedulers)
        defer { rig.close() }
        rig.viewModel.select(index: 3)
        rig.images.advance(by: 0)
        rig.main.advance(by: 0)
        rig.thumbnails.advance(by: 0)
        rig.main.advance(by: .milliseconds(200))
        rig.decodeAhead()
        #expect(!rig.decodedImages.contains("p1.jpg@800"))
        #expect(rig.decodedImages.contains("p4.jpg@800"))
      }
    }

    @Test("a folder's first image shown alone: its neighbours decode ahead once the rest is listed")
    func neighboursJoinLater() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["b.jpg", "a.jpg", "c.jpg"])
        let (main, background, images) = (schedulers.make(), schedulers.make(), schedulers.make())
        let decoder = FakeDecoder()
        let viewModel = TestViewModel(
          images: decoder, thumbnails: decoder, main: main, background: background,
          imageDecoding: images)
        viewModel.viewport.value = PixelSize(width: 800, height: 600)
        viewModel.open([folder.url])
        // The listing announces a.jpg, which is shown and decoded alone…
        background.advance(by: 0)
        main.advance(by: 0)
        images.advance(by: 0)
        main.advance(by: 0)
        #expect(LoadingTests.describe(viewModel.currentImage.value) == "loaded a.jpg")
        // … and b.jpg, listed with the rest, is decoded ahead of the first Right.
        images.advance(by: 0)
        main.advance(by: 0)
        #expect(decoder.requestedImages == ["a.jpg@800", "b.jpg@800"])
      }
    }
  }
}
