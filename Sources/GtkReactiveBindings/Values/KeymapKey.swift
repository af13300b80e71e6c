// A key of the keyboard's layout (`GdkKeymapKey`) as a Swift value.
import CGtk

/// One key on the keyboard with the group and shift level it is read in: what
/// `GdkKeymapKey` carries (`Keymap.entriesForKeyval(_:)`, `Keymap.lookupKey(_:)`).
/// Copied out of C.
nonisolated public struct KeymapKey: Sendable, Hashable {
  /// The hardware keycode of the physical key.
  public var keycode: Int
  /// The keyboard group (the layout in use; usually 0).
  public var group: Int
  /// The shift level (0 without Shift, 1 with it).
  public var level: Int

  /// The key `keycode` in group `group` at level `level`.
  public init(keycode: Int, group: Int = 0, level: Int = 0) {
    (self.keycode, self.group, self.level) = (keycode, group, level)
  }

  /// A copy of a C key.
  init(_ key: GdkKeymapKey) {
    self.init(keycode: Int(key.keycode), group: Int(key.group), level: Int(key.level))
  }

  /// The C key (values out of range are clamped).
  package var cValue: GdkKeymapKey {
    GdkKeymapKey(
      keycode: UInt32(clamping: keycode), group: Int32(clamping: group),
      level: Int32(clamping: level))
  }
}
