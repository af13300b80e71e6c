// Decoding the current image (at the viewer's size, neighbours ahead) and thumbnails.
import Foundation
import Reactive

/// What one decode of a full image was asked for: the image, and the box it must fit
/// (`nil`: full resolution).
package nonisolated struct DecodeRequest: Hashable, Sendable {
  /// The image.
  package let item: ImageItem
  /// The box to fit, or `nil` for full resolution.
  package let box: PixelSize?

  /// Whether an image decoded for this request also serves `other`: the same image, and
  /// at least as large (full resolution serves every box).
  func serves(_ other: DecodeRequest) -> Bool {
    guard item == other.item else { return false }
    guard let box else { return true }
    guard let wanted = other.box else { return false }
    return box.covers(wanted)
  }
}

/// The image pipeline: decodes the current image to fit the viewer (its neighbours
/// ahead, its edit applied), stands a thumbnail in while it decodes, and decodes the
/// strip's thumbnails. It owns what it publishes (`currentImage`, `standIn`) and the
/// viewer's size it decodes for (`viewport`); it reads the store, and writes to it
/// only the images that failed to decode (`failures`).
package final class ImagePipeline<Image, Thumbnail> {
  /// The decoding state of the current image, for the viewer, with its edit applied.
  package let currentImage: Property<ImageState<Image>>
  /// The current image's strip thumbnail while the image decodes, if it is in memory:
  /// what the viewer shows until the sharp image comes (see `bindStandIn()`).
  package let standIn: Property<StandIn<Thumbnail>?>
  /// The viewer's size in device pixels, which the current image is decoded to fit;
  /// `nil` until the viewer is laid out (the foretold size, or else full resolution,
  /// then). The viewer sets it.
  package let viewport = MutableProperty<PixelSize?>(nil)
  /// The size the window's first layout will give the viewer, told before that layout
  /// (`expectViewport(_:)`): what the current image is decoded to fit until the viewer
  /// has a size.
  let foretoldViewport = MutableProperty<PixelSize?>(nil)
  /// The current image and its neighbours, decoded.
  package let decoded = DecodedImages<Image>()
  /// How many strip thumbnails are asked for and not yet delivered, failed or dropped
  /// (main thread): neighbours are decoded ahead only once it is 0 (`preloadGate`).
  let pendingThumbnails = MutableProperty(0)

  let store: BrowserStore
  let images: any ImageLoading<Image>
  let thumbnails: any ThumbnailLoading<Thumbnail>
  let mainScheduler: Scheduler
  /// Where full images are decoded (one at a time: the newest request wins).
  let imageScheduler: Scheduler
  /// Where an edit (a turn or a mirror) is applied to the decoded current image: not
  /// behind a neighbour's decode, so that the edit shows at once.
  let editingScheduler: Scheduler
  /// Where thumbnails are decoded (a pool, nearest the strip's centre first).
  let thumbnailScheduling: any PositionedScheduling
  /// The longest the neighbours wait for the strip's thumbnails.
  let preloadMaximumWait: Duration
  /// Where `currentImage` gets its value.
  let imageStorage = MutableProperty(ImageState<Image>.none)
  /// Where `standIn` gets its value.
  let standInStorage = MutableProperty<StandIn<Thumbnail>?>(nil)
  /// The thumbnails decoded last, for `standIn`.
  let recentThumbnails = RecentThumbnails<Thumbnail>()
  /// Whose embedded preview is being read for `standIn`, if any.
  var previewItem: ImageItem?
  /// That read; a new one replaces (stops) it.
  let previewReading = SerialDisposable()
  /// The window's first image, decoded while the window is built (`expectViewport`).
  let firstImage: FirstImageHeadStart<Image>
  /// The pipeline's subscriptions, ended when it is deinitialized.
  let bag = DisposeBag()

  /// A pipeline decoding `store`'s current image with `images` on `imageScheduler`
  /// (edits applied on `editingScheduler`) and thumbnails with `thumbnails` on
  /// `thumbnailScheduling`, delivering on `main`.
  init(
    store: BrowserStore, images: any ImageLoading<Image>,
    thumbnails: any ThumbnailLoading<Thumbnail>, main: Scheduler, imageScheduler: Scheduler,
    editingScheduler: Scheduler, thumbnailScheduling: any PositionedScheduling,
    preloadMaximumWait: Duration
  ) {
    self.store = store
    self.images = images
    self.thumbnails = thumbnails
    mainScheduler = main
    self.imageScheduler = imageScheduler
    self.editingScheduler = editingScheduler
    self.thumbnailScheduling = thumbnailScheduling
    self.preloadMaximumWait = preloadMaximumWait
    currentImage = Property(imageStorage)
    standIn = Property(standInStorage)
    firstImage = FirstImageHeadStart { [images] request in
      images.loadImage(for: request.item, fitting: request.box)
        .start(on: imageScheduler)
        .observe(on: main)
    }
    bindCurrentImage()
    bindPreload()
    bindStandIn()
  }

  /// The current image and the box it is decoded to fit: the viewer's size (or the
  /// foretold one before it has a size) while the zoom is `.fit`, full resolution (`nil`,
  /// within `DecodeBudget`) when zoomed or before any size is known. Read from one
  /// state, so paging away from a zoomed image (a new current image and the zoom back at
  /// `.fit`, in one change) never asks for the new image at full resolution on the way.
  var decodeRequest: Signal<DecodeRequest?, Never> {
    store.state.signal.combineLatest(with: viewport.signal)
      .combineLatest(with: foretoldViewport.signal)
      .map { stateAndViewport, foretold in
        let (state, laidOut) = stateAndViewport
        let viewport = laidOut ?? foretold
        return state.current.map { item in
          let box = state.zoom == .fit ? viewport : nil
          return DecodeRequest(
            item: item, box: Self.decodeBox(box, for: state.imageEdit(of: item.id)))
        }
      }
  }

  /// Decodes each new current image on the image scheduler and publishes its state in
  /// `currentImage`, with its edit (a turn or a mirror not saved) applied on the editing
  /// scheduler; then decodes its neighbours ahead, so paging shows them at once.
  ///
  /// Newest request wins: a new current image disposes the decode in flight — a decode
  /// already running stops within one chunk of its file — and the neighbours' preload,
  /// so paging faster than decoding never builds a queue. A change of size decodes
  /// again only when the image kept is too small for it. An edit turns the decoded
  /// image kept, without decoding again unless a quarter turn needs it larger.
  private func bindCurrentImage() {
    decodeRequest
      .distinctUntilChanged()
      .flatMap(.latest) { [weak self] request -> Signal<ImageState<Image>, Never> in
        guard let self, let request else { return .just(.none) }
        return decoding(request)
      }
      .combineLatest(with: store.imageEdits.signal)
      .flatMap(.latest) { [weak self] state, edits -> Signal<ImageState<Image>, Never> in
        self?.applyingEdit(in: edits, to: state) ?? .empty()
      }
      .subscribe(next: { [weak self] state in self?.imageStorage.value = state })
      .disposed(by: bag)
  }

  /// `state` with the edit of its image in `edits` applied (on the editing scheduler),
  /// or `state` itself when its image has none or is not decoded; nothing when `state`
  /// is about an image no longer current.
  private func applyingEdit(
    in edits: [URL: ImageEdit], to state: ImageState<Image>
  ) -> Signal<ImageState<Image>, Never> {
    // A state about an image that is no longer current (saved: listed again with a new
    // date) is dropped, not shown without its edit: the state of the new one follows.
    guard state.item == store.state.value.current else { return .empty() }
    guard case .loaded(let item, let image) = state, let edit = edits[item.id] else {
      return .just(state)
    }
    let images = self.images
    return Signal.deferred { .just(ImageState.loaded(item, images.edited(image, by: edit))) }
      .subscribe(on: editingScheduler)
      .observe(on: mainScheduler)
  }

  /// The box the file is decoded to fit so that, once `edit` is applied, the image fits
  /// `box` as sharply as the file allows: turned a quarter when the edit turns it, and
  /// larger when a crop keeps only part of the picture (`nil`, full resolution, when the
  /// part needs every pixel of the file).
  static func decodeBox(_ box: PixelSize?, for edit: ImageEdit?) -> PixelSize? {
    guard let box, let edit else { return box }
    var oriented = box
    if let crop = edit.crop, let source = edit.sourceSize {
      let full = edit.orientation.swapsDimensions ? source.transposed : source
      let scale = min(
        Double(box.width) / Double(max(crop.width, 1)),
        Double(box.height) / Double(max(crop.height, 1)))
      guard scale < 1 else { return nil }
      oriented = PixelSize(
        width: Int((Double(full.width) * scale).rounded(.up)),
        height: Int((Double(full.height) * scale).rounded(.up)))
    }
    return edit.orientation.swapsDimensions ? oriented.transposed : oriented
  }

  /// The states of `request`'s image: loading (unless an older decode of it shows),
  /// then loaded or failed. Its neighbours are decoded ahead by `bindPreload()` once it
  /// is in.
  private func decoding(_ request: DecodeRequest) -> Signal<ImageState<Image>, Never> {
    // The window's first image may already be decoding (or decoded) for this request.
    let headStart = firstImage.take(for: request)
    let state = store.state.value
    // Ahead in the direction of paging first: a held Left key wants the previous one.
    decoded.isPagingBackward =
      state.index.map { index in
        decoded.lastPosition.map { index < $0 } ?? false
      } ?? false
    decoded.lastPosition = state.index
    decoded.keepOnly(current: request.item, neighbours: neighbourRequests(in: state))
    if let image = decoded.image(serving: request) {
      return Signal.just(.loaded(request.item, image))
    }
    let decoding: Signal<ImageState<Image>, Never> = decodedImage(request, decoding: headStart)
      .map { image in ImageState.loaded(request.item, image) }
      .catch { [weak self] error -> Signal<ImageState<Image>, Never> in
        self?.recordFailure(error, at: self?.store.state.value.index)
        return .just(.failed(request.item, message: error.message))
      }
    // The same image again, sharper: the one shown stays until the new one is ready.
    if case .loaded(let shown, _) = imageStorage.value, shown == request.item {
      return decoding
    }
    return decoding.startWith(.loading(request.item))
  }

  /// `request`'s image from the cache, or else from `decoding` (a decode already under
  /// way that serves it) or decoded on the image scheduler, and cached; delivered on the
  /// main scheduler.
  func decodedImage(
    _ request: DecodeRequest, decoding: Signal<Image, ImageLoadError>? = nil
  ) -> Signal<Image, ImageLoadError> {
    if let image = decoded.image(serving: request) { return .just(image) }
    let decoding =
      decoding
      ?? images.loadImage(for: request.item, fitting: request.box)
      .start(on: imageScheduler)
      .observe(on: mainScheduler)
    return decoding.on(next: { [weak self] image in self?.decoded.store(image, for: request) })
  }

  /// A thumbnail of `item` fitting `size` pixels for the strip cell at `position`,
  /// decoded on the thumbnail workers (nearest the strip's focus first) and delivered
  /// on the main scheduler. Disposing it removes it from the queue, or stops it within
  /// one chunk if it runs. A failure is also recorded in `failures`, so the strip and
  /// the viewer agree on which images are broken; a thumbnail is remembered for a while,
  /// to stand in for its image in the viewer while that decodes (`standIn`).
  package func thumbnail(for item: ImageItem, size: Int, position: Int) -> Signal<
    Thumbnail, ImageLoadError
  > {
    thumbnails.loadThumbnail(for: item, size: size)
      .start(on: thumbnailScheduling.scheduler(at: position))
      .observe(on: mainScheduler)
      .on(
        next: { [weak self] thumbnail in self?.thumbnailArrived(thumbnail, for: item) },
        error: { [weak self] error in self?.recordFailure(error, at: position) },
        subscribed: { [weak self] in self?.pendingThumbnails.modify { $0 += 1 } },
        disposed: { [weak self] in self?.pendingThumbnails.modify { $0 -= 1 } })
  }

  /// Ranks queued thumbnail work by distance from `position` (the strip's centre).
  package func focusThumbnails(on position: Int) {
    thumbnailScheduling.focus(on: position)
  }

  /// Remembers that `error.item` cannot be decoded, with the message to show, if it is
  /// still listed. `position` is where in `items` it was asked for: checked first, so
  /// a failure costs no search of the list (at 100,000 files, a screenful of error tiles
  /// arriving after a jump searched it a dozen times: 0.4–1 s on the main thread after
  /// Home, whose strip cells' failures came from the far end). Only when the list
  /// changed meanwhile is it searched.
  package func recordFailure(_ error: ImageLoadError, at position: Int? = nil) {
    let id = error.item.id
    store.update { state in
      let listed =
        if let position, state.items.indices.contains(position), state.items[position].id == id {
          true
        } else {
          state.allItems.contains { $0.id == id }
        }
      if listed { state.failures[id] = error.message }
    }
  }
}

/// The few full images kept decoded: the current one and its neighbours.
package final class DecodedImages<Image> {
  private var entries: [ImageItem: (request: DecodeRequest, image: Image)] = [:]
  /// The position of the last current image decoded, to tell the paging direction.
  var lastPosition: Int?
  /// Whether the last current image came before the one decoded ahead of it: its
  /// neighbours are then decoded backwards first.
  var isPagingBackward = false

  /// How many images are kept.
  package var count: Int { entries.count }

  /// The kept image that serves `request`, if any.
  package func image(serving request: DecodeRequest) -> Image? {
    guard let entry = entries[request.item], entry.request.serves(request) else { return nil }
    return entry.image
  }

  /// Keeps `image`, decoded for `request`, replacing a smaller one of the same item.
  package func store(_ image: Image, for request: DecodeRequest) {
    if let kept = entries[request.item], kept.request.serves(request) { return }
    entries[request.item] = (request, image)
  }

  /// Drops every image but `current`'s and those of `neighbours` no larger than their
  /// request (a neighbour left zoomed at full resolution is dropped, to be decoded again
  /// at the viewer's size).
  func keepOnly(current: ImageItem, neighbours: [DecodeRequest]) {
    entries = entries.filter { item, entry in
      item == current
        || neighbours.contains { $0.item == item && $0.serves(entry.request) }
    }
  }
}
