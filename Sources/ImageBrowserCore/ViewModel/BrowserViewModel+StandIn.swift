// Which thumbnail stands in for the current image while it decodes.
import Reactive

extension BrowserViewModel {
  /// Keeps `standIn` following the current image's decoding: while it is `.loading`,
  /// its thumbnail if one is in memory (never waiting for one: a thumbnail that arrives
  /// later while the decode still runs stands in from then); else `nil`.
  ///
  /// An image with a turn or a mirror not saved gets no stand-in: its thumbnail as
  /// decoded would show it the wrong way up until the sharp image came.
  func bindStandIn() {
    imageStorage.signal
      .subscribe(next: { [weak self] _ in self?.updateStandIn() })
      .disposed(by: bag)
    edits.changes
      .subscribe(next: { [weak self] _ in self?.updateStandIn() })
      .disposed(by: bag)
  }

  /// Remembers a thumbnail the strip decoded, and shows it at once when it is the
  /// current image's and that image is still decoding.
  func thumbnailArrived(_ thumbnail: Thumbnail, for item: ImageItem) {
    recentThumbnails.store(thumbnail, for: item)
    if standIn.value == nil, case .loading(item) = imageStorage.value { updateStandIn() }
  }

  private func updateStandIn() {
    let next: StandIn<Thumbnail>? =
      if case .loading(let item) = imageStorage.value, edits.value[item.id] == nil,
        let thumbnail = recentThumbnails[item]
      {
        StandIn(item: item, thumbnail: thumbnail)
      } else {
        nil
      }
    guard next?.item != standIn.value?.item else { return }
    standInStorage.value = next
  }
}
