// The recently used files list: a private list file for tests, and its items as values.
import CGtk

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One entry of the recently used files list.
public struct RecentItem: Hashable, Sendable {
  /// The file's URI.
  public let uri: String
  /// Its MIME type (`image/jpeg`, `inode/directory`).
  public let mimeType: String
  /// The name to show.
  public let displayName: String
  /// When it was last used (added again, opened).
  public let modified: Date
  /// Whether it is a local file that still exists.
  public let exists: Bool
}

extension RecentManager {
  /// A manager reading and writing the list in `filename` instead of the user's
  /// (`recently-used.xbel` in the data folder): for tests, and for tools that keep a
  /// list of their own.
  public convenience init(filename: String) {
    self.init(
      takingOwnership: Object.newInstance(
        of: RecentManager.gType, properties: [ConstructProperty("filename", filename)]))
  }

  /// The items of the list, most recently used first.
  public var items: [RecentItem] {
    var list = gtk_recent_manager_get_items(pointer(as: GtkRecentManager.self))
    let head = list
    defer { g_list_free_full(head) { gtk_recent_info_unref(OpaquePointer($0)) } }
    var items: [RecentItem] = []
    while let node = list {
      let info = OpaquePointer(node.pointee.data)
      items.append(
        RecentItem(
          uri: CStrings.borrowStringOrEmpty(gtk_recent_info_get_uri(info)),
          mimeType: CStrings.borrowStringOrEmpty(gtk_recent_info_get_mime_type(info)),
          displayName: CStrings.borrowStringOrEmpty(gtk_recent_info_get_display_name(info)),
          modified: Date(timeIntervalSince1970: TimeInterval(gtk_recent_info_get_modified(info))),
          exists: gtk_recent_info_exists(info) != 0))
      list = node.pointee.next
    }
    return items.sorted { $0.modified > $1.modified }
  }
}
