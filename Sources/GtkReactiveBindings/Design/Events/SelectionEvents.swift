// The X selection protocol's events (`selection-*-event`, `property-notify-event`,
// a clipboard's `owner-change`), with their atoms as names.
import CGtk

/// A selection was cleared, requested or delivered (`selection-clear-event`,
/// `selection-request-event`, `selection-notify-event`): GTK's `Clipboard` handles the
/// protocol; these are for code that speaks it itself.
nonisolated public struct SelectionEvent: Sendable, Hashable {
  /// The selection (`"CLIPBOARD"`, `"PRIMARY"`).
  public let selection: String
  /// The format asked for (`"UTF8_STRING"`, `"TARGETS"`).
  public let target: String
  /// The window property the data goes in.
  public let property: String
  /// The event's time, in milliseconds.
  public let time: UInt32

  /// The event GTK passes to a signal.
  init(borrowing event: UnsafeMutableRawPointer) {
    let selection = event.assumingMemoryBound(to: GdkEventSelection.self).pointee
    self.selection = Atoms.name(selection.selection)
    target = Atoms.name(selection.target)
    property = Atoms.name(selection.property)
    time = selection.time
  }
}

/// A window property changed or was deleted (`property-notify-event`).
nonisolated public struct PropertyEvent: Sendable, Hashable {
  /// The property's name.
  public let name: String
  /// Whether it changed (`.newValue`) or was deleted (`.delete`).
  public let state: PropertyState
  /// The event's time, in milliseconds.
  public let time: UInt32

  /// The event GTK passes to a signal.
  init(borrowing event: UnsafeMutableRawPointer) {
    let property = event.assumingMemoryBound(to: GdkEventProperty.self).pointee
    name = Atoms.name(property.atom)
    state = PropertyState(rawValue: UInt32(property.state))
    time = property.time
  }
}

/// Another application (or this one) took a selection, or its owner went away (a
/// `Clipboard`'s `ownerChange`: the clipboard's contents may have changed).
nonisolated public struct OwnerChangeEvent: Sendable, Hashable {
  /// Why: a new owner, the owner's window destroyed, or the owner quit.
  public let reason: OwnerChange
  /// The selection (`"CLIPBOARD"`, `"PRIMARY"`).
  public let selection: String
  /// The event's time, in milliseconds.
  public let time: UInt32

  /// The event GTK passes to a signal.
  init(borrowing event: UnsafeMutableRawPointer) {
    let change = event.assumingMemoryBound(to: GdkEventOwnerChange.self).pointee
    reason = OwnerChange(rawValue: change.reason.rawValue)
    selection = Atoms.name(change.selection)
    time = change.time
  }
}

/// GDK atoms (interned strings) as names.
nonisolated enum Atoms {
  /// The atom's name; `""` for `GDK_NONE`.
  static func name(_ atom: GdkAtom?) -> String {
    guard let atom else { return "" }
    return CStrings.takeStringOrEmpty(gdk_atom_name(atom))
  }

  /// The atom's name; `nil` for `GDK_NONE`.
  static func optionalName(_ atom: GdkAtom?) -> String? {
    guard let atom else { return nil }
    return CStrings.takeString(gdk_atom_name(atom))
  }
}
