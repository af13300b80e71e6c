// An accelerator's key, modifiers and flags (`GtkAccelKey`) as a Swift value.
import CGtk

/// An accelerator: its key, its modifiers and its flags, what `GtkAccelKey` carries
/// (`AccelMap.lookupEntry(_:)` reads the one an accelerator path has). Copied out of C.
nonisolated public struct AccelKey: Sendable, Hashable {
  /// The key's value (a GDK keyval: `GDK_KEY_q` is `0x071`).
  public var key: Int
  /// The modifiers held with it.
  public var modifiers: ModifierType
  /// Its flags (whether it is shown, whether it can change).
  public var flags: AccelFlags

  /// The accelerator of `key` with `modifiers` and `flags`.
  public init(key: Int, modifiers: ModifierType, flags: AccelFlags = []) {
    (self.key, self.modifiers, self.flags) = (key, modifiers, flags)
  }

  /// A copy of a C accelerator key.
  init(_ key: GtkAccelKey) {
    self.init(
      key: Int(key.accel_key), modifiers: ModifierType(rawValue: key.accel_mods.rawValue),
      flags: AccelFlags(rawValue: UInt32(key.accel_flags)))
  }

  /// The C accelerator key (flags beyond C's 16 bits are dropped).
  package var cValue: GtkAccelKey {
    var value = GtkAccelKey()
    value.accel_key = UInt32(truncatingIfNeeded: key)
    value.accel_mods = GdkModifierType(rawValue: modifiers.rawValue)
    value.accel_flags = UInt32(truncatingIfNeeded: flags.rawValue & 0xFFFF)
    return value
  }
}
