// Which thumbnail stands in for the current image while it decodes.
import Reactive

extension ImagePipeline {
  /// Keeps `standIn` following the current image's decoding: while it is `.loading`,
  /// its thumbnail if one is in memory (never waiting for one: a thumbnail that arrives
  /// later while the decode still runs stands in from then); else `nil`. With no
  /// thumbnail in memory, the preview embedded in the file (a camera's EXIF thumbnail)
  /// is read first on the image scheduler, ahead of the image's own decode, and stands
  /// in when it comes: on a folder seen for the first time, paging faster than images
  /// decode (or on a loaded machine) then shows each image at once, blurred, instead of
  /// the last one decoded.
  ///
  /// An image with a turn or a mirror not saved gets no stand-in: its thumbnail as
  /// decoded would show it the wrong way up until the sharp image came.
  func bindStandIn() {
    imageStorage.signal
      .subscribe(next: { [weak self] _ in self?.updateStandIn() })
      .disposed(by: bag)
    store.imageEdits.changes
      .subscribe(next: { [weak self] _ in self?.updateStandIn() })
      .disposed(by: bag)
    previewReading.disposed(by: bag)
  }

  /// Remembers a thumbnail the strip decoded, and shows it at once when it is the
  /// current image's and that image is still decoding.
  func thumbnailArrived(_ thumbnail: Thumbnail, for item: ImageItem) {
    recentThumbnails.store(thumbnail, for: item)
    if standIn.value == nil, case .loading(item) = imageStorage.value { updateStandIn() }
  }

  private func updateStandIn() {
    var next: StandIn<Thumbnail>?
    var wanted: ImageItem?
    if case .loading(let item) = imageStorage.value, store.imageEdits.value[item.id] == nil {
      if let thumbnail = recentThumbnails[item] {
        next = StandIn(item: item, thumbnail: thumbnail)
      } else {
        wanted = item
      }
    }
    readEmbeddedPreview(of: wanted)
    guard next?.item != standIn.value?.item else { return }
    standInStorage.value = next
  }

  /// Reads `item`'s embedded preview, unless it is already being read; stops reading
  /// another one (`nil`: stops).
  private func readEmbeddedPreview(of item: ImageItem?) {
    guard item != previewItem else { return }
    previewItem = item
    guard let item else {
      previewReading.inner = nil
      return
    }
    previewReading.inner = thumbnails.loadEmbeddedPreview(for: item)
      .start(on: imageScheduler)
      .observe(on: mainScheduler)
      .subscribe(next: { [weak self] preview in self?.thumbnailArrived(preview, for: item) })
  }
}
