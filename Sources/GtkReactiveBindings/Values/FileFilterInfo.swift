// What a file chooser knows of a file it filters (`GtkFileFilterInfo`), as a Swift value.
import CGtk

/// The facts about a file that a custom file filter tests: what `GtkFileFilterInfo`
/// carries (`FileFilter.addCustom(_:func:)`). `contains` says which of the others GTK
/// filled in, as the filter asked; the rest are nil. Copied out of C.
///
/// ```swift
/// filter.addCustom(.displayName) { info in info.displayName?.hasSuffix(".md") ?? false }
/// ```
nonisolated public struct FileFilterInfo: Sendable, Hashable {
  /// Which fields are set.
  public var contains: FileFilterFlags
  /// The file's local path.
  public var filename: String?
  /// The file's URI.
  public var uri: String?
  /// The name the file chooser shows.
  public var displayName: String?
  /// The file's MIME type.
  public var mimeType: String?

  /// Facts about a file (`contains` is derived from the fields given when left out).
  public init(
    contains: FileFilterFlags? = nil, filename: String? = nil, uri: String? = nil,
    displayName: String? = nil, mimeType: String? = nil
  ) {
    (self.filename, self.uri, self.displayName, self.mimeType) =
      (filename, uri, displayName, mimeType)
    var given: FileFilterFlags = []
    if filename != nil { given.insert(.filename) }
    if uri != nil { given.insert(.uri) }
    if displayName != nil { given.insert(.displayName) }
    if mimeType != nil { given.insert(.mimeType) }
    self.contains = contains ?? given
  }

  /// A copy of the facts GTK lends a filter.
  init(borrowing info: UnsafePointer<GtkFileFilterInfo>) {
    let value = info.pointee
    self.init(
      contains: FileFilterFlags(rawValue: value.contains.rawValue),
      filename: CStrings.borrowString(value.filename), uri: CStrings.borrowString(value.uri),
      displayName: CStrings.borrowString(value.display_name),
      mimeType: CStrings.borrowString(value.mime_type))
  }

  /// A C copy for one call (`FileFilter.filter(_:)`); free it with `freeCPointer(_:)`.
  func makeCPointer() -> UnsafeMutablePointer<GtkFileFilterInfo> {
    let info = UnsafeMutablePointer<GtkFileFilterInfo>.allocate(capacity: 1)
    info.initialize(
      to: GtkFileFilterInfo(
        contains: GtkFileFilterFlags(rawValue: contains.rawValue),
        filename: UnsafePointer(CStrings.duplicate(filename)),
        uri: UnsafePointer(CStrings.duplicate(uri)),
        display_name: UnsafePointer(CStrings.duplicate(displayName)),
        mime_type: UnsafePointer(CStrings.duplicate(mimeType))))
    return info
  }

  /// Frees a copy `makeCPointer()` made, with its strings.
  static func freeCPointer(_ info: UnsafeMutablePointer<GtkFileFilterInfo>?) {
    guard let info else { return }
    for string in [
      info.pointee.filename, info.pointee.uri, info.pointee.display_name,
      info.pointee.mime_type,
    ] {
      g_free(UnsafeMutableRawPointer(mutating: string))
    }
    info.deallocate()
  }
}
