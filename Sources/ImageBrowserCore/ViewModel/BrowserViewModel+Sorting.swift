// Sorting the open folder by name, date or size, and remembering the choice.
import Foundation
import Reactive

extension BrowserViewModel {
  /// Shows the open folder in `order` and remembers it for the next launch. The
  /// current image stays current; sorting (and reading sizes and dates, if the folder
  /// was listed without them) runs on the background scheduler, and a newer order or
  /// a new listing replaces a sort still running.
  package func sort(by order: ImageSortOrder) {
    guard order != state.value.sortOrder else { return }
    update { $0.sortOrder = order }
    var saved = settings.load()
    saved.sortOrder = order
    settings.save(saved)
    resort()
  }

  /// Sorts `allItems` again in the current order, in the background; the result
  /// applies only if the images have not changed meanwhile (a listing that arrives
  /// later is sorted again itself).
  func resort() {
    let source = state.value.allItems
    let order = state.value.sortOrder
    guard source.count > 1 || (order.needsFileFacts && !source.isEmpty) else {
      sorting.inner = nil
      return
    }
    sorting.inner = Self.sorting(source, by: order)
      .subscribe(on: backgroundScheduler)
      .observe(on: mainScheduler)
      .subscribe(next: { [weak self] sorted in
        guard let self, state.value.allItems == source, state.value.sortOrder == order else {
          return
        }
        replaceAllItems(sorted)
      })
  }

  /// `items` in `order` when subscribed, on the subscribing thread. Sizes and dates the
  /// order needs are read for items listed without them, but the items stay as they
  /// were: an item that changed would count as a new image and be decoded again.
  nonisolated private static func sorting(
    _ items: [ImageItem], by order: ImageSortOrder
  ) -> Signal<[ImageItem], Never> {
    Signal.deferred { .just(order.sorted(items) { $0.hasFileFacts ? $0 : $0.withFileFacts() }) }
  }
}
