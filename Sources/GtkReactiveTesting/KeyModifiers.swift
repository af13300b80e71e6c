// The modifier keys held during a synthesized key press.
import CGtk

/// Modifier keys held with a key, for ``press(_:modifiers:in:file:line:)``.
public struct KeyModifiers: OptionSet, Sendable {
  /// The GDK modifier mask bits (`GdkModifierType`).
  public let rawValue: UInt32

  /// Modifiers from GDK mask bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: GDK_SHIFT_MASK.rawValue)
  /// Control (Ctrl).
  public static let control = KeyModifiers(rawValue: GDK_CONTROL_MASK.rawValue)
  /// Alt (GDK's Mod1).
  public static let alt = KeyModifiers(rawValue: GDK_MOD1_MASK.rawValue)
  /// Super (the Windows or Command key).
  public static let `super` = KeyModifiers(rawValue: GDK_SUPER_MASK.rawValue)
}
