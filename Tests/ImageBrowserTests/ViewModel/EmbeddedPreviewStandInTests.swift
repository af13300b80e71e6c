// A camera's embedded preview stands in for the current image when no thumbnail is in memory.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform

extension ImageBrowserTests {
  @Suite("An embedded preview standing in while the image decodes")
  @MainActor
  struct EmbeddedPreviewStandInTests {
    typealias Make = StandInTests

    /// What stood in, as `NAME@SIZE`, in order.
    final class Shown {
      var names: [String] = []
    }

    /// The stand-ins `viewModel` shows from now on, into `shown`; the caller disposes.
    static func recordStandIns(_ viewModel: TestViewModel, into shown: Shown) -> Disposable {
      viewModel.standIn.signal.subscribe(next: { standIn in
        guard let standIn else { return }
        shown.names.append("\(standIn.thumbnail.name)@\(standIn.thumbnail.size ?? 0)")
      })
    }

    @Test("no thumbnail in memory: the preview is read before the image and stands in until it")
    func readBeforeTheImage() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let images = schedulers.make()
        let thumbnails = schedulers.make()
        let decoder = FakeDecoder(previews: Set(numbered(5)))
        let viewModel = Make.makeViewModel(
          5, main: main, images: images, thumbnails: thumbnails, decoder: decoder)
        images.advance(by: 0)
        main.advance(by: 0)
        let shown = Shown()
        let recording = Self.recordStandIns(viewModel, into: shown)
        viewModel.select(index: 3)
        #expect(LoadingTests.describe(viewModel.currentImage.value) == "loading p3.jpg")
        #expect(viewModel.standIn.value == nil)
        images.advance(by: 0)
        // Read on the image scheduler ahead of the image's decode, so it is never
        // behind it.
        #expect(Array(decoder.log.suffix(2)) == ["preview p3.jpg", "image p3.jpg@800"])
        main.advance(by: 0)
        #expect(shown.names == ["p3.jpg@160"])
        #expect(viewModel.currentImage.value.image == FakeImage(name: "p3.jpg", size: 800))
        #expect(viewModel.standIn.value == nil)
        recording.dispose()
      }
    }

    @Test("the preview of an image paged past before it was read is never read")
    func pagedPast() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let images = schedulers.make()
        let thumbnails = schedulers.make()
        let decoder = FakeDecoder(previews: Set(numbered(5)))
        let viewModel = Make.makeViewModel(
          5, main: main, images: images, thumbnails: thumbnails, decoder: decoder)
        images.advance(by: 0)
        main.advance(by: 0)
        let before = decoder.log.count
        viewModel.select(index: 2)
        viewModel.select(index: 3)
        images.advance(by: 0)
        main.advance(by: 0)
        #expect(
          Array(decoder.log.dropFirst(before).prefix(2)) == ["preview p3.jpg", "image p3.jpg@800"])
        #expect(!decoder.log.contains("preview p2.jpg"))
      }
    }

    @Test("a thumbnail in memory is preferred: no preview is read")
    func thumbnailPreferred() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let images = schedulers.make()
        let thumbnails = schedulers.make()
        let decoder = FakeDecoder(previews: Set(numbered(5)))
        let viewModel = Make.makeViewModel(
          5, main: main, images: images, thumbnails: thumbnails, decoder: decoder)
        let strip = Make.stripLoads(
          Array(0..<5), of: viewModel, thumbnails: thumbnails, main: main)
        images.advance(by: 0)
        main.advance(by: 0)
        viewModel.select(index: 3)
        #expect(Make.standInName(viewModel) == "p3.jpg p3.jpg@96")
        images.advance(by: 0)
        main.advance(by: 0)
        #expect(!decoder.log.contains("preview p3.jpg"))
        strip.dispose()
      }
    }

    @Test("a file without a preview: nothing stands in, the viewer keeps what it shows")
    func noPreview() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let images = schedulers.make()
        let thumbnails = schedulers.make()
        let decoder = FakeDecoder()
        let viewModel = Make.makeViewModel(
          5, main: main, images: images, thumbnails: thumbnails, decoder: decoder)
        images.advance(by: 0)
        main.advance(by: 0)
        let shown = Shown()
        let recording = Self.recordStandIns(viewModel, into: shown)
        viewModel.select(index: 3)
        images.advance(by: 0)
        main.advance(by: 0)
        #expect(decoder.log.contains("preview p3.jpg"))
        #expect(shown.names.isEmpty)
        #expect(viewModel.currentImage.value.image == FakeImage(name: "p3.jpg", size: 800))
        recording.dispose()
      }
    }

    @Test("an image turned but not saved reads no preview: it would show the wrong way up")
    func editedImage() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let images = schedulers.make()
        let thumbnails = schedulers.make()
        let decoder = FakeDecoder(previews: Set(numbered(5)))
        let viewModel = Make.makeViewModel(
          5, main: main, images: images, thumbnails: thumbnails, decoder: decoder)
        images.advance(by: 0)
        main.advance(by: 0)
        viewModel.select(index: 3)
        viewModel.editCurrent(by: .clockwise)
        viewModel.next.execute()
        images.advance(by: 0)
        main.advance(by: 0)
        let before = decoder.log.count
        viewModel.previous.execute()
        images.advance(by: 0)
        main.advance(by: 0)
        #expect(!decoder.log.dropFirst(before).contains("preview p3.jpg"))
      }
    }
  }
}
