// Opening folders and files, and following changes to the open folder.
import Foundation
import Reactive

extension BrowserViewModel {
  /// Opens a folder, a file (its folder, with it selected) or several files; scanning
  /// runs on the background scheduler and the result arrives on the main one. A newer
  /// call cancels an older one still scanning.
  func open(_ urls: [URL]) {
    guard !urls.isEmpty else { return }
    update { state in
      state.phase = .opening(urls)
      state.allItems = []
      state.items = []
      state.index = nil
      state.failures = [:]
      state.isSlideshowRunning = false
    }
    opening.inner = Self.scanning(urls, with: scanner)
      .subscribe(on: backgroundScheduler)
      .observe(on: mainScheduler)
      .subscribe(
        next: { [weak self] listing in self?.show(listing) },
        error: { [weak self] error in self?.showFailure(error) })
  }

  /// Shows a listing at once: its images (filtered by the current query) with its
  /// selected image current.
  func show(_ listing: Listing) {
    let selected = listing.selectedIndex.map { listing.items[$0].id }
    update { state in
      state.phase = .open(folder: listing.folder)
      state.allItems = listing.items
      state.failures = [:]
      state.isSlideshowRunning = false
      // A different folder: nothing of the old one should stay current.
      state.items = []
      state.index = nil
      let shown = BrowserState.filter(listing.items, by: state.query)
      state.replaceItems(with: shown, preferring: shown.firstIndex { $0.id == selected })
    }
  }

  /// Shows why opening failed, in place of the images.
  func showFailure(_ error: BrowseError) {
    update { state in
      state.phase = .failed(error)
      state.allItems = []
      state.items = []
      state.index = nil
    }
  }

  /// Takes a new list of the open folder's images (a rescan, a file monitor): the
  /// current image stays current wherever it moved, or its neighbour takes over if it
  /// is gone.
  func replaceAllItems(_ newItems: [ImageItem]) {
    update { state in
      state.allItems = newItems
      state.replaceItems(with: BrowserState.filter(newItems, by: state.query))
      let present = Set(newItems.map(\.id))
      state.failures = state.failures.filter { present.contains($0.key) }
    }
  }

  /// Scans the open folder again in the background and takes the result through
  /// `replaceAllItems(_:)`.
  func rescan() {
    guard case .open(let folder) = state.value.phase else { return }
    opening.inner = Self.scanning([folder], with: scanner)
      .subscribe(on: backgroundScheduler)
      .observe(on: mainScheduler)
      .subscribe(next: { [weak self] listing in self?.replaceAllItems(listing.items) })
  }

  /// The work of opening `urls`, to run off the main thread.
  nonisolated private static func scanning(
    _ urls: [URL], with scanner: any FolderScanning
  ) -> Signal<Listing, BrowseError> {
    Signal { observer in
      do throws(BrowseError) {
        observer.send(try scanner.open(urls))
        observer.sendCompleted()
      } catch {
        observer.send(error: error)
      }
      return Disposables.empty
    }
  }
}
