// The modifier keys held during a synthesized key press: GDK's own modifier set.
import GtkReactive

/// Modifier keys held with a key, for ``press(_:modifiers:in:file:line:)``: the same
/// `ModifierType` that key events carry.
@available(*, deprecated, renamed: "ModifierType")
public typealias KeyModifiers = ModifierType
