// Decoding: the current image off the main thread, failures per image, thumbnails.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Loading")
  @MainActor
  struct LoadingTests {
    /// A readable summary of an image state.
    static func describe(_ state: ImageState<FakeImage>) -> String {
      switch state {
      case .none: "none"
      case .loading(let item): "loading \(item.displayName)"
      case .loaded(_, let image): "loaded \(image.name)"
      case .failed(let item, let message): "failed \(item.displayName): \(message)"
      }
    }

    @Test("the current image decodes on the background scheduler, arrives on the main one")
    func decodesInTheBackground() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let background = schedulers.make()
        let decoder = FakeDecoder()
        let viewModel = makeViewModel(
          ["a.jpg", "b.jpg"], scheduler: main, background: background, decoder: decoder)
        #expect(Self.describe(viewModel.currentImage.value) == "loading a.jpg")
        #expect(decoder.requested == [])
        background.advance(by: 0)
        #expect(decoder.requested == ["a.jpg"])
        #expect(Self.describe(viewModel.currentImage.value) == "loading a.jpg")
        main.advance(by: 0)
        #expect(Self.describe(viewModel.currentImage.value) == "loaded a.jpg")
        #expect(viewModel.currentImage.value.image == FakeImage(name: "a.jpg", size: nil))
      }
    }

    @Test("paging on before a decode finished cancels it")
    func stalesDecodeCancelled() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let background = schedulers.make()
        let decoder = FakeDecoder()
        let viewModel = makeViewModel(
          numbered(3), scheduler: main, background: background, decoder: decoder)
        viewModel.next.execute()
        viewModel.next.execute()
        background.advance(by: 0)
        main.advance(by: 0)
        #expect(decoder.requested == ["p2.jpg"])
        #expect(Self.describe(viewModel.currentImage.value) == "loaded p2.jpg")
      }
    }

    @Test("a file that cannot be decoded shows a message; paging goes on past it")
    func failureThenPagingContinues() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let decoder = FakeDecoder(failing: ["bad.jpg"])
        let viewModel = makeViewModel(
          ["a.jpg", "bad.jpg", "c.jpg"], scheduler: scheduler, decoder: decoder)
        var states: [String] = []
        let subscription = viewModel.currentImage.signal.subscribe(next: {
          states.append(Self.describe($0))
        })
        scheduler.advance(by: 0)
        viewModel.next.execute()
        scheduler.advance(by: 0)
        #expect(viewModel.next.isEnabled.value)
        viewModel.next.execute()
        scheduler.advance(by: 0)
        // c.jpg was decoded ahead as bad.jpg's neighbour: it shows without loading.
        #expect(
          states == [
            "loading a.jpg", "loaded a.jpg", "loading bad.jpg",
            "failed bad.jpg: Not a JPEG file", "loaded c.jpg",
          ])
        let bad = items(["bad.jpg"])[0]
        #expect(viewModel.failures.value == [bad.url: "Not a JPEG file"])
        #expect(viewModel.title.value == "c.jpg (3 of 3) — Image Browser")
        subscription.dispose()
      }
    }

    @Test("thumbnails decode in the background; a failed one marks its image")
    func thumbnails() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let decoder = FakeDecoder(failing: ["bad.jpg"])
        let viewModel = makeViewModel(
          ["a.jpg", "bad.jpg"], scheduler: scheduler,
          decoder: decoder)
        let all = viewModel.items.value
        var thumbnails: [FakeImage] = []
        var errors: [ImageLoadError] = []
        let subscriptions = all.map { item in
          viewModel.thumbnail(for: item, size: 96, position: 0).subscribe(
            next: { thumbnails.append($0) }, error: { errors.append($0) })
        }
        #expect(thumbnails.isEmpty)
        scheduler.advance(by: 0)
        #expect(thumbnails == [FakeImage(name: "a.jpg", size: 96)])
        #expect(errors.map(\.item) == [all[1]])
        #expect(viewModel.failures.value[all[1].url] == "Not a JPEG file")
        subscriptions.forEach { $0.dispose() }
      }
    }

    @Test("a failure is kept for an image still listed, found where it was asked for or moved")
    func failuresOfListedImagesOnly() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(5), scheduler: scheduler)
        let all = viewModel.items.value
        @MainActor func fail(_ item: ImageItem, at position: Int?) {
          viewModel.recordFailure(ImageLoadError(item: item, message: "bad"), at: position)
        }
        fail(all[3], at: 3)
        fail(all[1], at: 4)  // the list changed since it was asked for: searched
        fail(all[2], at: nil)
        fail(ImageItem(url: photos.appendingPathComponent("gone.jpg")), at: 0)
        fail(ImageItem(url: photos.appendingPathComponent("gone2.jpg")), at: nil)
        #expect(Set(viewModel.failures.value.keys) == [all[1].url, all[2].url, all[3].url])
      }
    }

    @Test("an empty folder: no current image")
    func nothingToDecode() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel([], scheduler: scheduler)
        scheduler.advance(by: 0)
        #expect(Self.describe(viewModel.currentImage.value) == "none")
      }
    }
  }
}
