// Files of the open folder the browser cannot show, so none is silently left out.
import Foundation
import Reactive

/// The files of the open folder that look like images (`ImageExtensions.known`) but that
/// no installed loader reads (a camera's RAW file, a Photoshop file, a HEIC without its
/// loader): the window says how many there are and lists them on request, where before
/// the folder's count simply left them out.
///
/// Read with the scanner on the background scheduler each time a folder opens (the
/// listing itself reads no more than it did), delivered on the main scheduler; a folder
/// opened meanwhile wins.
package final class UnshownFiles {
  /// The files, by name in natural order; empty while none or before the folder is read.
  package let files: Property<[URL]>

  private let storage = MutableProperty<[URL]>([])
  private let reading = SerialDisposable()
  private let bag = DisposeBag()

  /// Follows the folders `phases` opens, reading each with `scanner`.
  package init(
    phases: Signal<BrowserPhase, Never>, scanner: any FolderScanning, background: Scheduler,
    main: Scheduler
  ) {
    files = Property(storage)
    bag.insert(reading)
    phases
      .map { phase -> URL? in
        if case .open(let folder) = phase { folder } else { nil }
      }
      .distinctUntilChanged()
      .subscribe(next: { [weak self] folder in
        guard let self else { return }
        if !storage.value.isEmpty { storage.value = [] }
        guard let folder else {
          reading.inner = nil
          return
        }
        reading.inner = Signal<[URL], Never>.deferred { .just(scanner.unshownFiles(in: folder)) }
          .subscribe(on: background)
          .observe(on: main)
          .subscribe(next: { [weak self] files in self?.storage.value = files })
      })
      .disposed(by: bag)
  }
}

extension BrowserViewModel {
  /// The files of the open folder this view model's scanner cannot show.
  package func makeUnshownFiles() -> UnshownFiles {
    UnshownFiles(
      phases: state.signal.map(\.phase), scanner: folder.scanner, background: backgroundScheduler,
      main: mainScheduler)
  }
}
