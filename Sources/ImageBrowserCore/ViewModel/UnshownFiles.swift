// Files of the open folder the browser cannot show, so none is silently left out.
import Foundation
import Reactive

/// The files of the open folder that look like images (`ImageExtensions.known`) but that
/// no installed loader reads (a Photoshop file, a HEIC without its loader), or that the
/// scanner finds cannot be shown after all (a camera RAW file with no embedded preview):
/// the window says how many there are and lists them on request, each with why when the
/// scanner can say (`FolderScanning.unshownReason(of:)`).
///
/// Read with the scanner on the background scheduler each time a folder opens (the
/// listing itself reads no more than it did), delivered on the main scheduler; a folder
/// opened meanwhile wins.
package final class UnshownFiles {
  /// The files, by name in natural order; empty while none or before the folder is read.
  package let files: Property<[URL]>
  /// Why each file cannot be shown, when the scanner could say; set before `files`
  /// changes, so a subscriber to `files` reads the reasons that go with them.
  package private(set) var reasons: [URL: String] = [:]

  private let storage = MutableProperty<[URL]>([])
  private let reading = SerialDisposable()
  private let bag = DisposeBag()

  /// Follows the folders `phases` opens, reading each with `scanner`; `requested` is a
  /// file opened by name that cannot be shown (`BrowserState.openedUnshownFile`), listed
  /// with its folder's others whatever its extension.
  package init(
    phases: Signal<BrowserPhase, Never>, requested: Signal<URL?, Never> = .just(nil),
    scanner: any FolderScanning, background: Scheduler, main: Scheduler
  ) {
    files = Property(storage)
    bag.insert(reading)
    phases.combineLatest(with: requested)
      .map { phase, requested -> Source? in
        guard case .open(let folder) = phase else { return nil }
        return Source(folder: folder, requested: requested)
      }
      .distinctUntilChanged()
      .subscribe(next: { [weak self] source in
        guard let self else { return }
        if !storage.value.isEmpty {
          reasons = [:]
          storage.value = []
        }
        guard let source else {
          reading.inner = nil
          return
        }
        reading.inner = Signal<([URL], [URL: String]), Never>
          .deferred { .just(source.files(with: scanner)) }
          .subscribe(on: background)
          .observe(on: main)
          .subscribe(next: { [weak self] files, reasons in
            self?.reasons = reasons
            self?.storage.value = files
          })
      })
      .disposed(by: bag)
  }

  /// An open folder, and the file opened by name in it that cannot be shown.
  private struct Source: Hashable, Sendable {
    let folder: URL
    let requested: URL?

    /// The folder's files that `scanner` cannot show, with `requested` among them in
    /// its place by name, and why each cannot be shown when the scanner says.
    nonisolated func files(with scanner: any FolderScanning) -> ([URL], [URL: String]) {
      var files = scanner.unshownFiles(in: folder)
      if let requested,
        !files.contains(where: { $0.standardizedFileURL == requested.standardizedFileURL })
      {
        files.append(requested)
        files.sort {
          NaturalOrder.areInIncreasingOrder($0.lastPathComponent, $1.lastPathComponent)
        }
      }
      var reasons: [URL: String] = [:]
      for file in files { reasons[file] = scanner.unshownReason(of: file) }
      return (files, reasons)
    }
  }
}

extension BrowserViewModel {
  /// The files of the open folder this view model's scanner cannot show.
  package func makeUnshownFiles() -> UnshownFiles {
    UnshownFiles(
      phases: state.signal.map(\.phase),
      requested: state.signal.map(\.openedUnshownFile).distinctUntilChanged(),
      scanner: folder.scanner, background: backgroundScheduler, main: mainScheduler)
  }
}
