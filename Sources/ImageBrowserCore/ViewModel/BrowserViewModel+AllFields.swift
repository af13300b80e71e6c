// Every metadata tag of the current image, for the window that shows all fields.
import Foundation
import Reactive

/// What the all-fields window shows of one image: its name, and its tags once read.
package nonisolated struct MetadataFieldList: Hashable, Sendable {
  /// The image's name, made safe to show.
  package let name: String
  /// Every tag the file carries, in the reader's order; `nil` while they are read.
  package let fields: [MetadataField]?

  /// The fields of `family`, in order.
  package func fields(of family: MetadataField.Family) -> [MetadataField] {
    (fields ?? []).filter { $0.family == family }
  }
}

extension BrowserViewModel {
  /// The current image's every EXIF, IPTC and XMP tag (`MetadataReading.fields(at:)`):
  /// `nil` with no image; else the name at once with no fields, then the fields, read
  /// on the metadata scheduler and delivered on the main one. A newer image replaces a
  /// read still running. Nothing is read unless this is subscribed (the window is open),
  /// and nothing is kept: the tags are read again for each image shown.
  package var allFields: Signal<MetadataFieldList?, Never> {
    let reader = metadata.reader
    let reading = metadataScheduler
    let main = mainScheduler
    return current.signal.map(\.?.url).distinctUntilChanged()
      .map { url -> Signal<MetadataFieldList?, Never> in
        guard let url else { return .just(nil) }
        let name = FilePathBytes.shownName(of: url)
        return Signal<MetadataFieldList?, Never>.deferred {
          .just(MetadataFieldList(name: name, fields: reader.fields(at: url)))
        }
        .subscribe(on: reading)
        .observe(on: main)
        .startWith(MetadataFieldList(name: name, fields: nil))
      }
      .switchToLatest()
  }
}
