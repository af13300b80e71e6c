// A camera's embedded preview stands in for the current image when no thumbnail is in memory.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("An embedded preview standing in while the image decodes")
  @MainActor
  struct EmbeddedPreviewStandInTests {
    /// A view model showing `p0.jpg` … `p4.jpg` (the first decoded), whose files carry
    /// previews when `previews`, with the image and main schedulers held back, and what
    /// stood in since, as `NAME@SIZE`.
    @MainActor
    final class Rig {
      let main: TestScheduler
      let images: TestScheduler
      let thumbnails: TestScheduler
      let decoder: FakeDecoder
      let viewModel: TestViewModel
      var shown: [String] = []
      private var recording: Disposable?

      init(_ schedulers: TestSchedulers, previews: Bool = true) {
        main = schedulers.make()
        images = schedulers.make()
        thumbnails = schedulers.make()
        decoder = FakeDecoder(previews: previews ? Set(numbered(5)) : [])
        viewModel = StandInTests.makeViewModel(
          5, main: main, images: images, thumbnails: thumbnails, decoder: decoder)
        run()
        recording = viewModel.standIn.signal.subscribe(next: { [unowned self] standIn in
          guard let standIn else { return }
          shown.append("\(standIn.thumbnail.name)@\(standIn.thumbnail.size ?? 0)")
        })
      }

      /// Runs what the image scheduler holds, then what that sent to the main one.
      func run() {
        images.advance(by: 0)
        main.advance(by: 0)
      }

      /// What the decoder read after the first `count` reads.
      func reads(after count: Int) -> [String] { Array(decoder.log.dropFirst(count)) }

      func close() { recording?.dispose() }
    }

    @Test("no thumbnail in memory: the preview is read before the image and stands in until it")
    func readBeforeTheImage() {
      expectNoLeaks { schedulers in
        let rig = Rig(schedulers)
        defer { rig.close() }
        rig.viewModel.select(index: 3)
        #expect(LoadingTests.describe(rig.viewModel.currentImage.value) == "loading p3.jpg")
        #expect(rig.viewModel.standIn.value == nil)
        rig.images.advance(by: 0)
        // Read on the image scheduler ahead of the image's decode, never behind it.
        #expect(Array(rig.decoder.log.suffix(2)) == ["preview p3.jpg", "image p3.jpg@800"])
        rig.main.advance(by: 0)
        #expect(rig.shown == ["p3.jpg@160"])
        #expect(rig.viewModel.currentImage.value.image == FakeImage(name: "p3.jpg", size: 800))
        #expect(rig.viewModel.standIn.value == nil)
      }
    }

    @Test("the preview of an image paged past before it was read is never read")
    func pagedPast() {
      expectNoLeaks { schedulers in
        let rig = Rig(schedulers)
        defer { rig.close() }
        let before = rig.decoder.log.count
        rig.viewModel.select(index: 2)
        rig.viewModel.select(index: 3)
        rig.run()
        #expect(
          Array(rig.reads(after: before).prefix(2)) == ["preview p3.jpg", "image p3.jpg@800"])
        #expect(!rig.decoder.log.contains("preview p2.jpg"))
      }
    }

    @Test("a thumbnail in memory is preferred: no preview is read")
    func thumbnailPreferred() {
      expectNoLeaks { schedulers in
        let rig = Rig(schedulers)
        defer { rig.close() }
        let strip = StandInTests.stripLoads(
          Array(0..<5), of: rig.viewModel, thumbnails: rig.thumbnails, main: rig.main)
        rig.viewModel.select(index: 3)
        #expect(StandInTests.standInName(rig.viewModel) == "p3.jpg p3.jpg@96")
        rig.run()
        #expect(!rig.decoder.log.contains("preview p3.jpg"))
        strip.dispose()
      }
    }

    @Test("a file without a preview: nothing stands in, the viewer keeps what it shows")
    func noPreview() {
      expectNoLeaks { schedulers in
        let rig = Rig(schedulers, previews: false)
        defer { rig.close() }
        rig.viewModel.select(index: 3)
        rig.run()
        #expect(rig.decoder.log.contains("preview p3.jpg"))
        #expect(rig.shown.isEmpty)
        #expect(rig.viewModel.currentImage.value.image == FakeImage(name: "p3.jpg", size: 800))
      }
    }

    @Test("an image turned but not saved reads no preview: it would show the wrong way up")
    func editedImage() {
      expectNoLeaks { schedulers in
        let rig = Rig(schedulers)
        defer { rig.close() }
        rig.viewModel.select(index: 3)
        rig.viewModel.editCurrent(by: .clockwise)
        rig.viewModel.next.execute()
        rig.run()
        let before = rig.decoder.log.count
        rig.viewModel.previous.execute()
        rig.run()
        #expect(!rig.reads(after: before).contains("preview p3.jpg"))
      }
    }
  }
}
