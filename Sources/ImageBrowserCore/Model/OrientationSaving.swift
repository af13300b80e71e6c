// Writing a rotation or a mirror into an image file: only when the user saves.
import Foundation

/// How an image's new orientation can be written into its file.
package nonisolated enum OrientationSaveMethod: Hashable, Sendable {
  /// The orientation tag changes; the pixels are not decoded or written again (JPEG).
  case metadata
  /// The pixels are decoded, turned and encoded again in the same format (PNG, TIFF…).
  case reencoding
  /// The file cannot be written in its format; the message says why, for a person.
  case unsupported(String)
}

/// Writes the user's rotations and mirrors into image files: the app uses
/// `OrientationWriter` (gexiv2 for JPEG, gdk-pixbuf for the others); tests use a fake.
/// `save` blocks, so the view model calls it on its background scheduler. It changes
/// exactly the file it names — replaced whole, never half written — or nothing, and
/// throws.
package nonisolated protocol OrientationSaving: Sendable {
  /// How `url` would be saved, judged from its name alone (cheap: the window asks for
  /// every image it shows).
  func method(for url: URL) -> OrientationSaveMethod
  /// Turns or mirrors the image in `url` by `orientation`, relative to how it shows now
  /// (its own orientation tag applied).
  func save(_ orientation: Orientation, to url: URL) throws(FileOperationError)
  /// Writes the picture of `source` edited by `edit` (turned, cut, scaled) into
  /// `destination`, in the format its name says (Save As, and Save of a crop or a
  /// resize). An existing `destination` is replaced whole only when `replacing`;
  /// otherwise, and on any failure, nothing on disk changes.
  func save(_ edit: ImageEdit, of source: URL, to destination: URL, replacing: Bool)
    throws(FileOperationError)
}

/// Saves nothing: the default, so a view model made without a writer (tests, previews)
/// can never change a file.
package nonisolated struct NoOrientationSaving: OrientationSaving {
  /// A writer that refuses every file.
  package init() {}

  package func method(for url: URL) -> OrientationSaveMethod {
    .unsupported(tr("saving is not available"))
  }

  package func save(_ orientation: Orientation, to url: URL) throws(FileOperationError) {
    throw FileOperationError(url: url, message: tr("saving is not available"))
  }

  package func save(_ edit: ImageEdit, of source: URL, to destination: URL, replacing: Bool)
    throws(FileOperationError)
  {
    throw FileOperationError(url: destination, message: tr("saving is not available"))
  }
}
