// Decoding the current image and thumbnails off the main thread, and remembering failures.
import Reactive

extension BrowserViewModel {
  /// Decodes each new current image on the background scheduler, cancelling the
  /// previous decode (`flatMap(.latest)`), and publishes its state in `currentImage`.
  func bindCurrentImage() {
    current.signal
      .flatMap(.latest) { [weak self] item -> Signal<ImageState<Image>, Never> in
        guard let self, let item else { return .just(.none) }
        return decoding(item)
      }
      .subscribe(next: { [weak self] state in self?.imageStorage.value = state })
      .disposed(by: bag)
  }

  private func decoding(_ item: ImageItem) -> Signal<ImageState<Image>, Never> {
    images.loadImage(for: item)
      .subscribe(on: backgroundScheduler)
      .observe(on: mainScheduler)
      .map { image in ImageState.loaded(item, image) }
      .catch { [weak self] error in
        self?.recordFailure(error)
        return .just(.failed(item, message: error.message))
      }
      .startWith(.loading(item))
  }

  /// A thumbnail of `item` fitting `size` pixels, decoded on the background scheduler
  /// and delivered on the main one; a failure is also recorded in `failures`, so the
  /// strip and the viewer agree on which images are broken.
  func thumbnail(for item: ImageItem, size: Int) -> Signal<Thumbnail, ImageLoadError> {
    thumbnails.loadThumbnail(for: item, size: size)
      .subscribe(on: backgroundScheduler)
      .observe(on: mainScheduler)
      .on(error: { [weak self] error in self?.recordFailure(error) })
  }

  /// Remembers that `error.item` cannot be decoded, with the message to show.
  func recordFailure(_ error: ImageLoadError) {
    update { state in
      guard state.allItems.contains(where: { $0.id == error.item.id }) else { return }
      state.failures[error.item.id] = error.message
    }
  }
}
