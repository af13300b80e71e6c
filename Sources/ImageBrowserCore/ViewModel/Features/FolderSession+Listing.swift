// Listing an opened folder: its first image as soon as it is known, then all of them.
import Foundation
import Reactive

/// What listing an opened folder delivers, in this order.
enum FolderListingStep: Sendable {
  /// The image the folder opens on, alone, as soon as the scanner knows it (before it
  /// has made the other files' URLs or sorted them).
  case first(Listing)
  /// The whole folder, first image selected; `afterFirst` says whether `first` came.
  case complete(Listing, afterFirst: Bool)
}

extension FolderSession {
  /// Lists `folder` in `order` when subscribed, on the subscribing thread: its first
  /// image when `scanner` can tell it early (given to `announce` on that thread first),
  /// then the whole listing.
  nonisolated static func listing(
    _ folder: URL, sortedBy order: ImageSort, scanner: any FolderScanning,
    metadata: MetadataCache, announce: @escaping @Sendable (ImageItem) -> Void = { _ in }
  ) -> Signal<FolderListingStep, BrowseError> {
    Signal { observer, lifetime in
      do throws(BrowseError) {
        var announced = false
        let items = try scanner.scan(folder, sortedBy: order.key, announcingFirstOf: order) {
          item in
          announced = true
          announce(item)
          observer.send(.first(Listing(folder: folder, items: [item], selectedIndex: 0)))
        }
        guard !lifetime.hasEnded else { return Disposables.empty }
        let listing = Listing(
          folder: folder, items: items, selectedIndex: items.isEmpty ? nil : 0)
        observer.send(
          .complete(
            sorted(listing, by: order, metadata: metadata, selectingFirst: true),
            afterFirst: announced))
        observer.sendCompleted()
      } catch {
        observer.send(error: error)
      }
      return Disposables.empty
    }
  }

  /// Shows a step of an opened folder's listing: its first image alone while the rest is
  /// listed, then the whole folder, that image staying current (nothing of it is decoded
  /// twice).
  func show(_ step: FolderListingStep) {
    switch step {
    case .first(let listing): show(listing, isListing: true)
    case .complete(let listing, afterFirst: true): insert(listing)
    case .complete(let listing, afterFirst: false): show(listing)
    }
  }
}
