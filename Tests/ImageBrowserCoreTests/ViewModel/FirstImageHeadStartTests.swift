// The window's first image decoded while the window is built: before the main scheduler
// has shown it, for the viewer's foretold size, and only once.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("First image head start")
  @MainActor
  struct FirstImageHeadStartTests {
    /// A view model listing on `background`, decoding on `images` with `decoder`,
    /// delivering on `main`.
    @MainActor
    struct Rig {
      let main: TestScheduler
      let background: TestScheduler
      let images: TestScheduler
      let decoder = FakeDecoder()
      let viewModel: TestViewModel

      init(_ schedulers: TestSchedulers) {
        (main, background, images) = (schedulers.make(), schedulers.make(), schedulers.make())
        viewModel = TestViewModel(
          images: decoder, thumbnails: decoder, main: main, background: background,
          imageDecoding: images)
      }
    }

    static let foretold = PixelSize(width: 800, height: 600)

    @Test("a folder's first image decodes before the main scheduler shows it, once")
    func decodesBeforeShown() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["b.jpg", "a.jpg", "c.jpg"])
        let rig = Rig(schedulers)
        let (main, background, images) = (rig.main, rig.background, rig.images)
        let (decoder, viewModel) = (rig.decoder, rig.viewModel)
        viewModel.open([folder.url])
        viewModel.expectViewport(Self.foretold)
        background.advance(by: 0)
        images.advance(by: 0)
        // Main has not run: nothing is shown, yet the first image is decoded.
        #expect(viewModel.current.value == nil)
        #expect(decoder.requestedImages == ["a.jpg@800"])
        viewModel.viewport.value = Self.foretold
        main.advance(by: 0)
        #expect(viewModel.currentImage.value.image == FakeImage(name: "a.jpg", size: 800))
        images.advance(by: 0)
        main.advance(by: 0)
        #expect(decoder.requestedImages.filter { $0.hasPrefix("a.jpg") } == ["a.jpg@800"])
        #expect(decoder.requestedImages.contains("b.jpg@800"), "the neighbour is decoded ahead")
      }
    }

    @Test("a size foretold wrong stops that decode; the image decodes for the real size")
    func wrongSizeDecodesAgain() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["a.jpg", "b.jpg"])
        let rig = Rig(schedulers)
        let (main, background, images) = (rig.main, rig.background, rig.images)
        let (decoder, viewModel) = (rig.decoder, rig.viewModel)
        viewModel.open([folder.url])
        viewModel.expectViewport(Self.foretold)
        background.advance(by: 0)
        #expect(images.hasPendingActions, "the head start waits for the image scheduler")
        viewModel.viewport.value = PixelSize(width: 640, height: 480)
        main.advance(by: 0)
        images.advance(by: 0)
        main.advance(by: 0)
        // The foretold decode never ran; the image is not shown scaled from another size.
        #expect(decoder.requestedImages.first == "a.jpg@640")
        #expect(!decoder.requestedImages.contains("a.jpg@800"))
        #expect(viewModel.currentImage.value.image == FakeImage(name: "a.jpg", size: 640))
      }
    }

    @Test("a newer opening drops the older one's head start")
    func newerOpeningWins() throws {
      try expectNoLeaks { schedulers in
        let first = try TemporaryFolder(files: ["one.jpg"])
        let second = try TemporaryFolder(files: ["two.jpg"])
        let rig = Rig(schedulers)
        let (main, background, images) = (rig.main, rig.background, rig.images)
        let (decoder, viewModel) = (rig.decoder, rig.viewModel)
        viewModel.expectViewport(Self.foretold)
        viewModel.open([first.url])
        background.advance(by: 0)
        viewModel.open([second.url])
        background.advance(by: 0)
        images.advance(by: 0)
        #expect(decoder.requestedImages == ["two.jpg@800"])
        viewModel.viewport.value = Self.foretold
        main.advance(by: 0)
        #expect(viewModel.currentImage.value.image == FakeImage(name: "two.jpg", size: 800))
        #expect(decoder.requestedImages == ["two.jpg@800"])
      }
    }

    @Test("a file opened by name decodes for the foretold size, not at full resolution")
    func openedFile() throws {
      try expectNoLeaks { schedulers in
        let folder = try TemporaryFolder(files: ["a.png", "b.png"])
        let rig = Rig(schedulers)
        let (main, images) = (rig.main, rig.images)
        let (decoder, viewModel) = (rig.decoder, rig.viewModel)
        viewModel.open([folder.file("b.png")])
        viewModel.expectViewport(Self.foretold)
        images.advance(by: 0)
        #expect(decoder.requestedImages == ["b.png@800"])
        viewModel.viewport.value = Self.foretold
        main.advance(by: 0)
        #expect(viewModel.currentImage.value.image == FakeImage(name: "b.png", size: 800))
        #expect(decoder.requestedImages == ["b.png@800"])
      }
    }

    @Test("nothing decodes ahead without a foretold size, nor after the first request")
    func onlyAtTheFirstLayout() throws {
      try expectNoLeaks { schedulers in
        let first = try TemporaryFolder(files: ["one.jpg"])
        let second = try TemporaryFolder(files: ["two.jpg"])
        let rig = Rig(schedulers)
        let (main, background, images) = (rig.main, rig.background, rig.images)
        let (decoder, viewModel) = (rig.decoder, rig.viewModel)
        viewModel.open([first.url])
        background.advance(by: 0)
        images.advance(by: 0)
        #expect(decoder.requestedImages.isEmpty, "no size foretold")
        viewModel.viewport.value = Self.foretold
        main.advance(by: 0)
        images.advance(by: 0)
        main.advance(by: 0)
        #expect(decoder.requestedImages == ["one.jpg@800"])
        // Once the viewer has shown an image, an opening decodes from the store as usual.
        viewModel.expectViewport(Self.foretold)
        viewModel.open([second.url])
        background.advance(by: 0)
        images.advance(by: 0)
        #expect(decoder.requestedImages == ["one.jpg@800"])
        main.advance(by: 0)
        images.advance(by: 0)
        #expect(decoder.requestedImages == ["one.jpg@800", "two.jpg@800"])
      }
    }
  }
}
