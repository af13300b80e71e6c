// What the information panel says about the current image, in words for people.
import Foundation
import Reactive

/// An image whose real size in pixels is known, whatever size it was decoded at.
package protocol PixelSized {
  /// The image's size in the file, before any shrinking for the screen.
  var fullSize: PixelSize { get }
}

/// The facts the information panel shows: the file name, then one line per fact (pixel
/// size, or that it cannot be decoded; file size; modification date).
package nonisolated struct ImageInfo: Hashable, Sendable {
  /// The file name, as shown in the title.
  package let name: String
  /// One fact per line, formatted for the user's locale.
  package let lines: [String]

  /// The facts about `item`, whose file size and date are already read, decoded at
  /// `pixelSize` (nil while loading or when decoding failed).
  package init(item: ImageItem, pixelSize: PixelSize?, failed: Bool) {
    name = item.shownName
    var lines: [String] = []
    if let pixelSize {
      lines.append(tr("%1$d × %2$d pixels", pixelSize.width, pixelSize.height))
    } else if failed {
      lines.append(tr("Cannot be decoded"))
    }
    if let bytes = item.byteCount {
      lines.append(ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file))
    }
    if let date = item.modificationDate {
      lines.append(date.formatted(date: .abbreviated, time: .shortened))
    }
    self.lines = lines
  }
}

extension BrowserViewModel where Image: PixelSized {
  /// The current image's facts, nil with no image. The name shows at once; a name-sorted
  /// listing does not read sizes and dates, so they are read here, on the background
  /// scheduler (one `stat` per image shown, not per decoding step), and a newer image
  /// replaces a read still running.
  package var info: Signal<ImageInfo?, Never> {
    let background = backgroundScheduler
    let main = mainScheduler
    let facts = current.signal
      .map { item -> Signal<ImageItem?, Never> in
        guard let item else { return .just(nil) }
        if item.hasFileFacts { return .just(item) }
        return Signal.deferred { .just(item.withFileFacts()) }
          .subscribe(on: background)
          .observe(on: main)
          .startWith(item)
      }
      .switchToLatest()
    return facts.combineLatest(with: currentImage.signal)
      .map { item, image -> ImageInfo? in
        guard let item else { return nil }
        let same = image.item?.id == item.id
        return ImageInfo(
          item: item, pixelSize: same ? image.image?.fullSize : nil,
          failed: same && image.failureMessage != nil)
      }
      .distinctUntilChanged()
  }
}
