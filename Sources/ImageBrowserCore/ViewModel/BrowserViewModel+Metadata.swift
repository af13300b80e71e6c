// The current image's camera facts for the properties sidebar, read off the main thread.
import Foundation
import Reactive

extension BrowserViewModel {
  /// What the properties sidebar shows: `nil` while it is hidden or there is no image;
  /// else the current image's name at once (`isReading`), then its metadata.
  ///
  /// The metadata is read on the metadata scheduler, through the cache (a file read
  /// before shows without reading it again), and delivered on the main scheduler; a
  /// newer image replaces a read still running. After the current image, its two
  /// neighbours are read into the cache, so paging shows theirs at once. A sort by date
  /// taken reads on the background scheduler, so the current image never waits for it.
  package var properties: Signal<ImageProperties?, Never> {
    let cache = metadata
    let reading = metadataScheduler
    let main = mainScheduler
    return preferences.showsProperties.signal.distinctUntilChanged()
      .combineLatest(with: current.signal)
      .map { [weak self] shown, item -> Signal<ImageProperties?, Never> in
        guard shown, let item else { return .just(nil) }
        let neighbours = self?.neighbours(of: item) ?? []
        let current = Self.reading(item, from: cache)
          .subscribe(on: reading)
          .observe(on: main)
          .map { metadata -> ImageProperties? in ImageProperties(item: item, metadata: metadata) }
        let ahead = Self.reading(neighbours, from: cache).subscribe(on: reading)
        return current.startWith(ImageProperties(item: item, metadata: nil)).concat(ahead)
      }
      .switchToLatest()
      .distinctUntilChanged()
  }

  /// The metadata of `item` from `cache`, read when subscribed, on the subscribing
  /// thread.
  nonisolated private static func reading(
    _ item: ImageItem, from cache: MetadataCache
  ) -> Signal<ImageMetadata, Never> {
    Signal.deferred { .just(cache.metadata(for: item)) }
  }

  /// Reads the metadata of `items` into `cache` when subscribed, on the subscribing
  /// thread, and completes without a value.
  nonisolated private static func reading(
    _ items: [ImageItem], from cache: MetadataCache
  ) -> Signal<ImageProperties?, Never> {
    Signal.deferred {
      for item in items { _ = cache.metadata(for: item) }
      return .empty()
    }
  }

  /// The images before and after `item` in the shown order, the next one first.
  private func neighbours(of item: ImageItem) -> [ImageItem] {
    let state = state.value
    guard let index = state.index, state.items[index].id == item.id else { return [] }
    return [index + 1, index - 1].filter { state.items.indices.contains($0) }.map {
      state.items[$0]
    }
  }
}
