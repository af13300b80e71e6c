// Test doubles for the view model: items, decoders that succeed or fail on demand.
import Foundation
import Reactive
import ReactiveTesting
import Synchronization

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform

/// A decoded image in tests: which file it came from and at what size.
struct FakeImage: Hashable, Sendable {
  let name: String
  let size: Int?
}

/// A decoder for both images and thumbnails: fails for the names in `failing`,
/// decodes everything else at once, and records what it was asked for.
final class FakeDecoder: ImageLoading, ThumbnailLoading, Sendable {
  let failing: Set<String>
  private let requests = Mutex<[String]>([])

  init(failing: Set<String> = []) {
    self.failing = failing
  }

  /// The names asked for so far, in order.
  var requested: [String] { requests.withLock { $0 } }

  func loadImage(for item: ImageItem, fitting box: PixelSize?) -> Signal<
    FakeImage, ImageLoadError
  > {
    decode(item, size: box?.width)
  }

  func loadThumbnail(for item: ImageItem, size: Int) -> Signal<FakeImage, ImageLoadError> {
    decode(item, size: size)
  }

  private func decode(_ item: ImageItem, size: Int?) -> Signal<FakeImage, ImageLoadError> {
    Signal { [self] observer in
      requests.withLock { $0.append(item.displayName) }
      if failing.contains(item.displayName) {
        observer.send(error: ImageLoadError(item: item, message: "Not a JPEG file"))
      } else {
        observer.send(FakeImage(name: item.displayName, size: size))
        observer.sendCompleted()
      }
      return Disposables.empty
    }
  }
}

/// The view model under test: fake decoders, every scheduler a `TestScheduler`.
typealias TestViewModel = BrowserViewModel<FakeImage, FakeImage>

/// The folder the fake items live in.
let photos = URL(fileURLWithPath: "/photos", isDirectory: true)

/// Items named `names`, in that order, in `/photos`.
func items(_ names: [String]) -> [ImageItem] {
  names.map { ImageItem(url: photos.appendingPathComponent($0)) }
}

/// `count` items named `p0.jpg`, `p1.jpg`, …
func numbered(_ count: Int) -> [String] {
  (0..<count).map { "p\($0).jpg" }
}

/// A view model on `scheduler` (main and background alike unless `background` is
/// given) showing `names` with `selected` current; with `names` nil, nothing is open.
@MainActor
func makeViewModel(
  _ names: [String]?, selected: Int? = 0, scheduler: TestScheduler,
  background: TestScheduler? = nil, decoder: FakeDecoder = FakeDecoder(),
  scanner: any FolderScanning = FolderScanner()
) -> TestViewModel {
  let viewModel = TestViewModel(
    scanner: scanner, images: decoder, thumbnails: decoder, main: scheduler,
    background: background ?? scheduler,
    timing: .init(filterDebounce: .milliseconds(300)))
  if let names {
    viewModel.show(
      Listing(folder: photos, items: items(names), selectedIndex: names.isEmpty ? nil : selected))
  }
  return viewModel
}

/// The display names of `items`.
func names(_ items: [ImageItem]) -> [String] {
  items.map(\.displayName)
}

extension FakeImage: PixelSized {
  /// A square of `size` pixels (0 when the fake has no size).
  var fullSize: PixelSize { PixelSize(width: size ?? 0, height: size ?? 0) }
}
