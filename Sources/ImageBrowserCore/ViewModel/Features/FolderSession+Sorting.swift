// Sorting the open folder by name, date, size or date taken, either way round, and
// remembering the choice.
import Foundation
import Reactive

extension FolderSession {
  /// Shows the open folder in `order` (in the current direction) and remembers it for
  /// the next launch. The current image stays current; sorting (and reading sizes and
  /// dates, if the folder was listed without them) runs on the background scheduler, and
  /// a newer order or a new listing replaces a sort still running.
  package func sort(by order: ImageSortOrder) {
    guard order != store.state.value.sortOrder else { return }
    store.update { $0.sortOrder = order }
    settings.update { $0.sortOrder = order }
    resort()
  }

  /// Shows the open folder in the current order, backwards when `descending`, and
  /// remembers the direction; as `sort(by:)` does.
  package func sort(descending: Bool) {
    guard descending != store.state.value.sortDescending else { return }
    store.update { $0.sortDescending = descending }
    settings.update { $0.sortDescending = descending }
    resort()
  }

  /// Sorts `allItems` again in the current order, in the background; the result
  /// applies only if the images have not changed meanwhile (a listing that arrives
  /// later is sorted again itself). `isSorting` is true meanwhile.
  func resort() {
    let source = store.state.value.allItems
    let order = store.state.value.sort
    guard source.count > 1 || (order.key.needsFileFacts && !source.isEmpty) else {
      stopSorting()
      return
    }
    store.update { $0.isSorting = true }
    sorting.inner = Self.sorting(source, by: order, metadata: metadata)
      .subscribe(on: backgroundScheduler)
      .observe(on: mainScheduler)
      .subscribe(next: { [weak self] sorted in
        guard let self else { return }
        store.update { $0.isSorting = false }
        guard store.state.value.allItems == source, store.state.value.sort == order else {
          return
        }
        replaceAllItems(sorted)
      })
  }

  /// Cancels a re-sort in flight.
  func stopSorting() {
    sorting.inner = nil
    store.update { $0.isSorting = false }
  }

  /// `items` in `order` when subscribed, on the subscribing thread; see
  /// `sorted(_:by:metadata:isCancelled:)`. Disposing it stops reading metadata.
  nonisolated private static func sorting(
    _ items: [ImageItem], by order: ImageSort, metadata: MetadataCache
  ) -> Signal<[ImageItem], Never> {
    Signal { observer, lifetime in
      let sorted = sorted(items, by: order, metadata: metadata) { lifetime.hasEnded }
      if !lifetime.hasEnded {
        observer.send(sorted)
        observer.sendCompleted()
      }
      return Disposables.empty
    }
  }

  /// `items` in `order`, on the calling thread. Sizes and dates the order needs are read
  /// for items listed without them, and for the date taken each file's metadata (through
  /// `metadata`, so a file read before is not read again), but the items stay as they
  /// were: an item that changed would count as a new image and be decoded again. Once
  /// `isCancelled` says so, no more metadata is read (the result is then meaningless).
  nonisolated static func sorted(
    _ items: [ImageItem], by order: ImageSort, metadata: MetadataCache,
    isCancelled: () -> Bool = { false }
  ) -> [ImageItem] {
    order.sorted(
      items, facts: { $0.hasFileFacts ? $0 : $0.withFileFacts() },
      dateTaken: { item in
        guard order.key.needsMetadata, !isCancelled() else { return nil }
        return metadata.metadata(for: item).dateTaken?.date()
      })
  }

  /// `sorted` (in `order` already) with `new` merged into their places, as `sorted`
  /// would order all of them (`ImageSort.merged`).
  nonisolated static func merged(
    _ new: [ImageItem], into sorted: [ImageItem], by order: ImageSort,
    metadata: MetadataCache
  ) -> [ImageItem] {
    order.merged(
      new, into: sorted, facts: { $0.hasFileFacts ? $0 : $0.withFileFacts() },
      dateTaken: { item in
        guard order.key.needsMetadata else { return nil }
        return metadata.metadata(for: item).dateTaken?.date()
      })
  }

  /// `listing` (as the scanner lists: in `order.key`, ascending) in `order`: sorted again
  /// when the order needs metadata (which the scanner cannot read), reversed when it is
  /// descending; else `listing` itself. Its selected image stays selected, or, with
  /// `selectingFirst` (a folder opens on its first image), the first one in `order` is.
  nonisolated static func sorted(
    _ listing: Listing, by order: ImageSort, metadata: MetadataCache,
    selectingFirst: Bool = false
  ) -> Listing {
    guard order.key.needsMetadata || order.descending else { return listing }
    let selected = listing.selectedIndex.map { listing.items[$0].id }
    let items =
      order.key.needsMetadata
      ? sorted(listing.items, by: order, metadata: metadata) : order.directed(listing.items)
    let selectedIndex =
      selectingFirst
      ? (items.isEmpty ? nil : 0) : selected.flatMap { id in items.firstIndex { $0.id == id } }
    return Listing(folder: listing.folder, items: items, selectedIndex: selectedIndex)
  }
}
