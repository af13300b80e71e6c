// Filtering by name: the search entry's text, debounced, applied with flatMap(.latest).
import Foundation
import Reactive

/// The outcome of filtering one snapshot of the folder's images.
package nonisolated struct FilterResult: Sendable {
  /// The (trimmed) query applied.
  let query: String
  /// The images that were filtered, to tell whether the folder changed meanwhile.
  package let source: [ImageItem]
  /// The images whose names contain `query`.
  package let items: [ImageItem]
}

extension FolderSession {
  /// Follows `filterText` with the documented search pattern: wait for a pause in the
  /// typing (`debounce`), drop repeats, and filter with `flatMap(.latest)` so a newer
  /// query cancels an older one still being filtered in the background. Clearing the
  /// text bypasses the wait: every image comes back at once (the debounced empty text
  /// that follows is a repeat and is dropped).
  func bindFilter() {
    let main = mainScheduler
    let background = backgroundScheduler
    let typed = filterText.changes.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    Signal.merge([typed.debounce(timing.filterDebounce, on: main), typed.filter(\.isEmpty)])
      .distinctUntilChanged()
      .flatMap(.latest) { [weak self] query -> Signal<FilterResult, Never> in
        guard let self else { return .empty() }
        let all = store.state.value.allItems
        if query.isEmpty { return .just(FilterResult(query: query, source: all, items: all)) }
        return Self.filtering(all, by: query).subscribe(on: background).observe(on: main)
      }
      .subscribe(next: { [weak self] result in self?.apply(result) })
      .disposed(by: bag)
  }

  private func apply(_ result: FilterResult) {
    store.update { $0.applyFilter(result) }
  }

  /// Filters `items` by `query` when subscribed, on the subscribing thread.
  nonisolated private static func filtering(
    _ items: [ImageItem], by query: String
  ) -> Signal<FilterResult, Never> {
    Signal.deferred {
      .just(FilterResult(query: query, source: items, items: BrowserState.filter(items, by: query)))
    }
  }
}
