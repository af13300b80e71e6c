// Decoding the current image's neighbours ahead, so paging shows them at once.
import Foundation
import Reactive

extension ImagePipeline {
  /// Decodes the current image's neighbours into the cache once it is in (loaded, or
  /// failed) and the strip's thumbnails are (`preloadGate`): the one in the direction of
  /// paging first, then the other. Again whenever they change while it stays current: a
  /// folder's first image shows alone while the rest is listed, and its neighbours join
  /// it later.
  ///
  /// A new current image stops the preload in flight, so paging faster than decoding
  /// never builds a queue. Neighbours are decoded to fit the viewer whatever the zoom
  /// (paging starts a new image at `.fit`): only the current image is ever decoded
  /// larger than the viewer, so memory stays within one image's decode budget plus two
  /// screenfuls.
  func bindPreload() {
    imageStorage.signal.combineLatest(with: store.state.signal)
      .combineLatest(with: viewport.signal)
      .map { [weak self] imageAndState, _ -> [DecodeRequest] in
        let (image, state) = imageAndState
        guard let self, let item = image.item, item == state.current else { return [] }
        if case .loading = image { return [] }
        return neighbourRequests(in: state)
      }
      .distinctUntilChanged()
      .flatMap(.latest) { [weak self] neighbours -> Signal<Void, Never> in
        guard let self, !neighbours.isEmpty else { return .empty() }
        let ahead = neighbours.map { neighbour in
          decodedImage(neighbour).map { _ in () }.catch { _ in .empty() }.filter { false }
        }
        return Signal.concat([preloadGate] + ahead)
      }
      .subscribe()
      .disposed(by: bag)
  }

  /// The current image's neighbours in `state`, the one in the direction of paging
  /// first, each with the box it is decoded to fit: the viewer's, turned a quarter when
  /// the neighbour's edit turns it.
  func neighbourRequests(in state: BrowserState) -> [DecodeRequest] {
    guard let index = state.index else { return [] }
    return (decoded.isPagingBackward ? [-1, 1] : [1, -1]).compactMap { offset in
      guard state.items.indices.contains(index + offset) else { return nil }
      let item = state.items[index + offset]
      return DecodeRequest(
        item: item,
        box: Self.decodeBox(
          viewport.value ?? foretoldViewport.value, for: state.imageEdit(of: item.id)))
    }
  }

  /// Completes, sending nothing, once no strip thumbnail is pending, or after
  /// `preloadMaximumWait`: what decoding neighbours ahead waits for. The strip's
  /// thumbnails are on screen, the neighbours only may be: decoded at once at the
  /// viewer's priority, they took the processors from the first screenful of
  /// thumbnails at launch (Benchmarks/README.md, "What the start-up and memory figures
  /// rest on").
  private var preloadGate: Signal<Void, Never> {
    pendingThumbnails.signal.filter { $0 == 0 }
      .amb(Signal.timer(preloadMaximumWait, on: mainScheduler).map { _ in 0 })
      .take(1)
      .filter { _ in false }
      .map { _ in () }
  }
}
