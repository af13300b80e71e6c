// What a recent-files chooser knows of an item it filters (`GtkRecentFilterInfo`), as a
// Swift value.
import CGtk

/// The facts about a recently used item that a custom recent filter tests: what
/// `GtkRecentFilterInfo` carries (`RecentFilter.addCustom(_:func:)`). `contains` says which
/// of the others GTK filled in, as the filter asked. Copied out of C.
nonisolated public struct RecentFilterInfo: Sendable, Hashable {
  /// Which fields are set.
  public var contains: RecentFilterFlags
  /// The item's URI.
  public var uri: String?
  /// The name the chooser shows.
  public var displayName: String?
  /// The item's MIME type.
  public var mimeType: String?
  /// The applications that registered the item.
  public var applications: [String]
  /// The groups the item belongs to.
  public var groups: [String]
  /// Days since the item was registered.
  public var age: Int

  /// Facts about an item (`contains` is derived from the fields given when left out).
  public init(
    contains: RecentFilterFlags? = nil, uri: String? = nil, displayName: String? = nil,
    mimeType: String? = nil, applications: [String] = [], groups: [String] = [], age: Int = 0
  ) {
    (self.uri, self.displayName, self.mimeType) = (uri, displayName, mimeType)
    (self.applications, self.groups, self.age) = (applications, groups, age)
    var given: RecentFilterFlags = []
    if uri != nil { given.insert(.uri) }
    if displayName != nil { given.insert(.displayName) }
    if mimeType != nil { given.insert(.mimeType) }
    if !applications.isEmpty { given.insert(.application) }
    if !groups.isEmpty { given.insert(.group) }
    self.contains = contains ?? given
  }

  /// A copy of the facts GTK lends a filter.
  init(borrowing info: UnsafePointer<GtkRecentFilterInfo>) {
    let value = info.pointee
    self.init(
      contains: RecentFilterFlags(rawValue: value.contains.rawValue),
      uri: CStrings.borrowString(value.uri), displayName: CStrings.borrowString(value.display_name),
      mimeType: CStrings.borrowString(value.mime_type),
      applications: CStrings.borrowArray(value.applications),
      groups: CStrings.borrowArray(value.groups), age: Int(value.age))
  }

  /// A C copy for one call (`RecentFilter.filter(_:)`); free it with `freeCPointer(_:)`.
  func makeCPointer() -> UnsafeMutablePointer<GtkRecentFilterInfo> {
    let info = UnsafeMutablePointer<GtkRecentFilterInfo>.allocate(capacity: 1)
    info.initialize(
      to: GtkRecentFilterInfo(
        contains: GtkRecentFilterFlags(rawValue: contains.rawValue),
        uri: UnsafePointer(CStrings.duplicate(uri)),
        display_name: UnsafePointer(CStrings.duplicate(displayName)),
        mime_type: UnsafePointer(CStrings.duplicate(mimeType)),
        applications: CStrings.constant(CStrings.array(applications)),
        groups: CStrings.constant(CStrings.array(groups)), age: Int32(clamping: age)))
    return info
  }

  /// Frees a copy `makeCPointer()` made, with its strings.
  static func freeCPointer(_ info: UnsafeMutablePointer<GtkRecentFilterInfo>?) {
    guard let info else { return }
    for string in [info.pointee.uri, info.pointee.display_name, info.pointee.mime_type] {
      g_free(UnsafeMutableRawPointer(mutating: string))
    }
    for array in [info.pointee.applications, info.pointee.groups] {
      g_strfreev(
        UnsafeMutableRawPointer(array)?.assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self))
    }
    info.deallocate()
  }
}
