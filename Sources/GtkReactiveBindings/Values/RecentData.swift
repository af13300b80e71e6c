// What an application registers about a recently used file (`GtkRecentData`), as a
// Swift value.
import CGtk

/// The metadata an application registers with a recently used file: what `GtkRecentData`
/// carries (`RecentManager.addFull(_:recentData:)`). GTK needs the MIME type, the
/// application's name and its command line (`%u` stands for the file's URI).
///
/// ```swift
/// manager.addFull(uri, recentData: RecentData(
///   mimeType: "text/markdown", appName: "Notes", appExec: "notes %u", groups: ["notes"]))
/// ```
nonisolated public struct RecentData: Sendable, Hashable {
  /// The name shown for the file, or nil for its file name.
  public var displayName: String?
  /// A short description of the file.
  public var description: String?
  /// The file's MIME type.
  public var mimeType: String
  /// The name of the application registering it.
  public var appName: String
  /// The command line that opens it (`%u` for its URI, `%f` for its path).
  public var appExec: String
  /// The groups it belongs to.
  public var groups: [String]
  /// Whether only the registering applications may show it.
  public var isPrivate: Bool

  /// The metadata of a file registered by application `appName`.
  public init(
    displayName: String? = nil, description: String? = nil, mimeType: String,
    appName: String, appExec: String, groups: [String] = [], isPrivate: Bool = false
  ) {
    (self.displayName, self.description, self.mimeType) = (displayName, description, mimeType)
    (self.appName, self.appExec, self.groups, self.isPrivate) =
      (appName, appExec, groups, isPrivate)
  }

  /// A C copy for one call; free it with `freeCPointer(_:)`.
  func makeCPointer() -> UnsafeMutablePointer<GtkRecentData> {
    let data = UnsafeMutablePointer<GtkRecentData>.allocate(capacity: 1)
    data.initialize(
      to: GtkRecentData(
        display_name: CStrings.duplicate(displayName),
        description: CStrings.duplicate(description), mime_type: CStrings.duplicate(mimeType),
        app_name: CStrings.duplicate(appName), app_exec: CStrings.duplicate(appExec),
        groups: CStrings.array(groups), is_private: isPrivate ? 1 : 0))
    return data
  }

  /// Frees a copy `makeCPointer()` made, with its strings.
  static func freeCPointer(_ data: UnsafeMutablePointer<GtkRecentData>?) {
    guard let data else { return }
    for string in [
      data.pointee.display_name, data.pointee.description, data.pointee.mime_type,
      data.pointee.app_name, data.pointee.app_exec,
    ] {
      g_free(string)
    }
    g_strfreev(data.pointee.groups)
    data.deallocate()
  }
}
