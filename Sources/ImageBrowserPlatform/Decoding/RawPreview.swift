// Camera RAW files shown through the JPEG previews cameras embed in them, read with gexiv2.
import CExiv2Guard
import CGExiv2
import CImaging
import Foundation
import ImageBrowserCore

/// Camera RAW files (CR2, NEF, ARW, DNG, RAF, ORF, RW2…) are shown through the preview
/// the camera embeds in them: every camera writes one, most at the sensor's full size or
/// close to it (a JPEG the camera developed), and reading it costs Exiv2's parse of the
/// file's TIFF structure and the preview's own decode, where developing the sensor data
/// would need a RAW converter (libraw, not used here). The largest preview Exiv2's
/// preview manager finds is decoded as any JPEG is (fitted, within the budget, colour
/// managed) and turned upright by the RAW file's own EXIF orientation. A RAW file with
/// no preview, or one Exiv2 cannot read, says so in the viewer and on its tile.
///
/// Runs where every decode runs: in a decoder helper, so a hostile RAW file costs only
/// that helper. Canon's CR3 (ISO media files) is not included: Debian's Exiv2 0.27 is
/// not built to read it, so it stays among the files that cannot be shown.
package nonisolated enum RawPreview {
  /// The extensions read this way, lowercased.
  package static let extensions: Set<String> = [
    "3fr", "arw", "cr2", "crw", "dcr", "dng", "erf", "iiq", "kdc", "mef", "mos", "mrw", "nef",
    "nrw", "orf", "pef", "raf", "rw2", "rwl", "sr2", "srf", "srw",
  ]
  /// The largest preview read, in bytes: a full-size JPEG of a 60 MP sensor is ~25 MB.
  static let maximumBytes: UInt32 = 64 << 20

  /// Whether `url` is named as a camera RAW file this type reads.
  package static func isRaw(_ url: URL) -> Bool {
    extensions.contains(url.pathExtension.lowercased())
  }

  /// Why the file at `url`, named as a camera RAW file, cannot be shown: it carries no
  /// preview (or none within `maximumBytes`), or Exiv2 cannot read it; `nil` when it
  /// can be shown, or is not named as a RAW file. Reads the file's TIFF structure and
  /// the previews' sizes, not the previews: what `FolderScanner` asks of every RAW file
  /// of a folder on its background pass (`UnshownFiles`), so none is shown only as an
  /// error tile.
  package static func unshownReason(of url: URL) -> String? {
    guard isRaw(url) else { return nil }
    let found = Exiv2File.withMetadata(of: url) { handle in
      var error: UnsafeMutablePointer<GError>?
      defer { g_clear_error(&error) }
      return cexiv2_metadata_has_preview(handle, maximumBytes, &error) != 0
    }
    switch found {
    case true?: return nil
    case false?: return noPreviewMessage
    case nil: return unreadableMessage
    }
  }

  /// Why a RAW file without a preview cannot be shown.
  static var noPreviewMessage: String {
    tr(
      "This camera RAW file carries no embedded preview, and the browser cannot develop RAW data itself."
    )
  }

  /// Why a file named as a RAW file that Exiv2 cannot read cannot be shown.
  static var unreadableMessage: String {
    tr("It is not a camera RAW file this browser can read.")
  }

  /// The largest preview in the RAW file at `url`: its bytes in a sealed memory file
  /// (the caller closes it), and the RAW file's EXIF orientation (1–8); or why there is
  /// none, in words for a person.
  static func largest(in url: URL) -> Result<(descriptor: Int32, orientation: Int), DecodeFailure> {
    Exiv2File.withMetadata(of: url) { handle in largest(in: handle) }
      ?? .failure(.failed(unreadableMessage))
  }

  private static func largest(in handle: UnsafeMutablePointer<GExiv2Metadata>) -> Result<
    (descriptor: Int32, orientation: Int), DecodeFailure
  > {
    var error: UnsafeMutablePointer<GError>?
    defer { g_clear_error(&error) }
    var bytes: UnsafeMutablePointer<UInt8>?
    var count: UInt32 = 0
    var width: UInt32 = 0
    var height: UInt32 = 0
    let found = cexiv2_metadata_get_largest_preview(
      handle, maximumBytes, &bytes, &count, &width, &height, &error)
    defer { g_free(bytes) }
    guard found != 0, let bytes, count > 0 else {
      return .failure(.failed(noPreviewMessage))
    }
    g_clear_error(&error)
    let value = Int(cexiv2_metadata_try_get_orientation(handle, &error).rawValue)
    guard
      let descriptor = SealedMemoryFile.make(
        length: Int(count), { $0.copyMemory(from: bytes, byteCount: Int(count)) })
    else { return .failure(.failed(tr("Out of memory"))) }
    return .success((descriptor, (1...8).contains(value) ? value : 1))
  }
}
