// One attribute a file system can set on a file (`GFileAttributeInfo`), as a Swift value.
import CGtk

/// An attribute a file can be given, with its type and how copies treat it: what
/// `GFileAttributeInfo` carries (`FileAttributeInfoList.lookup(_:)` on the list
/// `File.querySettableAttributes(_:)` gives). Copied out of C.
nonisolated public struct FileAttributeInfo: Sendable, Hashable {
  /// The attribute's name (`"unix::mode"`, `"time::modified"`).
  public var name: String
  /// The type of its value.
  public var type: FileAttributeType
  /// Whether a copy or a move keeps it.
  public var flags: FileAttributeInfoFlags

  /// An attribute of the given name, type and flags.
  public init(name: String, type: FileAttributeType, flags: FileAttributeInfoFlags = []) {
    (self.name, self.type, self.flags) = (name, type, flags)
  }

  /// A copy of an attribute C lends.
  init(_ info: GFileAttributeInfo) {
    self.init(
      name: CStrings.borrowStringOrEmpty(info.name),
      type: FileAttributeType(rawValue: info.type.rawValue),
      flags: FileAttributeInfoFlags(rawValue: info.flags.rawValue))
  }
}
