// One accelerator of an accelerator group (`GtkAccelGroupEntry`) as a Swift value.
import CGtk

/// One accelerator of an accelerator group: its key and the accelerator path it stands
/// for, what `GtkAccelGroupEntry` carries (`AccelGroup.query(_:accelMods:)`). Copied out
/// of C; the closure it runs stays with the group.
nonisolated public struct AccelGroupEntry: Sendable, Hashable {
  /// The accelerator's key, modifiers and flags.
  public var key: AccelKey
  /// The accelerator path it was connected by, or nil.
  public var path: String?

  /// An entry for `key` and `path`.
  public init(key: AccelKey, path: String? = nil) { (self.key, self.path) = (key, path) }

  /// A copy of a C entry.
  init(_ entry: GtkAccelGroupEntry) {
    self.init(
      key: AccelKey(entry.key),
      path: entry.accel_path_quark == 0
        ? nil : CStrings.borrowString(g_quark_to_string(entry.accel_path_quark)))
  }
}
