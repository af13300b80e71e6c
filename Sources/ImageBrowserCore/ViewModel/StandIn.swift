// The strip's thumbnail of the current image, shown in its place while it decodes.

/// The current image's strip thumbnail, which the viewer shows scaled to fit while the
/// image itself decodes (as Loupe and eog do): paging faster than decoding still shows
/// every image the title names, blurred, instead of the last one decoded.
package struct StandIn<Thumbnail> {
  /// The image it stands in for: always the current one.
  package let item: ImageItem
  /// Its thumbnail, as the strip decoded it.
  package let thumbnail: Thumbnail
}

/// The thumbnails decoded most recently, at most `capacity` of them (a few megabytes of
/// 96-pixel thumbnails), so the viewer finds the current image's in memory without
/// decoding anything.
///
/// An item includes its file's date: a file changed since is another item, never
/// shown with the old thumbnail.
package final class RecentThumbnails<Thumbnail> {
  /// How many thumbnails are kept at most.
  package let capacity: Int
  private var thumbnails: [ImageItem: Thumbnail] = [:]
  /// The kept items, oldest first.
  private var order: [ImageItem] = []

  /// An empty store keeping at most `capacity` thumbnails.
  package init(capacity: Int = 128) {
    self.capacity = max(1, capacity)
  }

  /// How many thumbnails are kept.
  package var count: Int { thumbnails.count }

  /// The kept thumbnail of `item`, if any.
  package subscript(item: ImageItem) -> Thumbnail? { thumbnails[item] }

  /// Keeps `thumbnail` as `item`'s newest, dropping the oldest beyond `capacity`.
  package func store(_ thumbnail: Thumbnail, for item: ImageItem) {
    if thumbnails.updateValue(thumbnail, forKey: item) != nil {
      order.removeAll { $0 == item }
    }
    order.append(item)
    while order.count > capacity {
      thumbnails[order.removeFirst()] = nil
    }
  }
}
