// One drag-and-drop or clipboard target (`GtkTargetEntry`) as a Swift value.
import CGtk

/// A kind of data a drag source or a clipboard offers, or a drop site accepts: its MIME
/// type or atom name (`"text/uri-list"`), where a drag may take it (`flags`), and a number
/// the app chooses to tell its targets apart (`info`, handed back with the data).
///
/// ```swift
/// view.dragSourceSet(.button1, targets: [TargetEntry("text/uri-list", info: 1)], actions: .copy)
/// ```
nonisolated public struct TargetEntry: Sendable, Hashable {
  /// The MIME type or atom name.
  public var target: String
  /// Where a drag may take the data (within the app or the widget, or outside them).
  public var flags: TargetFlags
  /// The app's number for this target.
  public var info: UInt32

  /// A target named `target`.
  public init(_ target: String, flags: TargetFlags = [], info: UInt32 = 0) {
    self.target = target
    self.flags = flags
    self.info = info
  }

  /// A copy of the C entry.
  init(_ entry: GtkTargetEntry) {
    target = CStrings.borrowStringOrEmpty(entry.target)
    flags = TargetFlags(rawValue: entry.flags)
    info = entry.info
  }

  /// A copy of the entry GTK lends (`transfer none`).
  package init(borrowing entry: UnsafePointer<GtkTargetEntry>) { self.init(entry.pointee) }

  /// A copy of the entry GTK lends (`transfer none`).
  package init(borrowing entry: UnsafeMutablePointer<GtkTargetEntry>) {
    self.init(entry.pointee)
  }

  /// The entry GTK gives (`transfer full`), which is then freed.
  package init(taking entry: UnsafeMutablePointer<GtkTargetEntry>) {
    self.init(entry.pointee)
    gtk_target_entry_free(entry)
  }

  /// A C copy of the entry, for one call; free it with `freeCPointer(_:)`.
  package func makeCPointer() -> UnsafeMutablePointer<GtkTargetEntry> {
    gtk_target_entry_new(target, flags.rawValue, info)
  }

  /// Frees a copy made by `makeCPointer()`.
  package static func freeCPointer(_ entry: UnsafeMutablePointer<GtkTargetEntry>?) {
    if let entry { gtk_target_entry_free(entry) }
  }

  /// A C array of `entries` (each target name a C copy), for one call; free it with
  /// `freeCArray(_:count:)`. Never NULL, even for no entries.
  package static func makeCArray(_ entries: [TargetEntry]) -> UnsafeMutablePointer<GtkTargetEntry> {
    let array = UnsafeMutablePointer<GtkTargetEntry>.allocate(capacity: max(entries.count, 1))
    for (index, entry) in entries.enumerated() {
      (array + index).initialize(
        to: GtkTargetEntry(
          target: g_strdup(entry.target), flags: entry.flags.rawValue, info: entry.info))
    }
    return array
  }

  /// Frees an array made by `makeCArray(_:)` of `count` entries.
  package static func freeCArray(_ array: UnsafeMutablePointer<GtkTargetEntry>, count: Int) {
    for index in 0..<count { g_free(array[index].target) }
    array.deinitialize(count: count)
    array.deallocate()
  }
}
