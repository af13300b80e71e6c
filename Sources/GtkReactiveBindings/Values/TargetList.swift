// The targets of a drag source, drop site or clipboard (`GtkTargetList`) as a Swift value.
import CGtk

/// The kinds of data a drag source offers or a drop site accepts, in order of preference:
/// what `Widget.dragDestGetTargetList()` and `TextBuffer.copyTargetList` give, and
/// `Widget.dragDestSetTargetList(_:)` takes. A value: reading one copies GTK's list, and
/// setting one gives GTK a new list of these entries.
///
/// ```swift
/// widget.dragDestSetTargetList([TargetEntry("text/plain"), TargetEntry("text/uri-list", info: 1)])
/// ```
nonisolated public struct TargetList: Sendable, Hashable, ExpressibleByArrayLiteral {
  /// The targets, most preferred first.
  public var entries: [TargetEntry]

  /// A list of `entries`.
  public init(_ entries: [TargetEntry] = []) { self.entries = entries }

  /// A list from an array literal of entries.
  public init(arrayLiteral entries: TargetEntry...) { self.entries = entries }

  /// The target names, most preferred first.
  public var targets: [String] { entries.map(\.target) }

  /// A copy of the list GTK lends (`transfer none`).
  package init(borrowing list: OpaquePointer) {
    var count: Int32 = 0
    guard let table = gtk_target_table_new_from_list(list, &count) else {
      entries = []
      return
    }
    defer { gtk_target_table_free(table, count) }
    entries = (0..<Int(count)).map { TargetEntry(table[$0]) }
  }

  /// The list a signal or a boxed GValue passes.
  package init(borrowing list: UnsafeMutableRawPointer) {
    self.init(borrowing: OpaquePointer(list))
  }

  /// The list GTK gives (`transfer full`), which is then released.
  package init(taking list: OpaquePointer) {
    self.init(borrowing: list)
    gtk_target_list_unref(list)
  }

  /// A new C list of the entries, for one call (GTK takes its own reference when it
  /// keeps it); release it with `freeCPointer(_:)`.
  package func makeCPointer() -> OpaquePointer {
    let table = TargetEntry.makeCArray(entries)
    defer { TargetEntry.freeCArray(table, count: entries.count) }
    return gtk_target_list_new(table, guint(entries.count))
  }

  /// Releases a list made by `makeCPointer()`.
  package static func freeCPointer(_ list: OpaquePointer?) {
    if let list { gtk_target_list_unref(list) }
  }
}

nonisolated extension TargetList: GValueConvertible {
  /// `GTK_TYPE_TARGET_LIST`.
  public static var valueType: GType { gtk_target_list_get_type() }
  /// Reads a boxed `GtkTargetList`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> TargetList? {
    g_value_get_boxed(value).map { TargetList(borrowing: $0) }
  }
  /// Writes a new list of the entries.
  public func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_take_boxed(value, UnsafeRawPointer(makeCPointer()))
  }
}
