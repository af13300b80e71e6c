// A key with its modifiers, parsed from GTK's accelerator syntax, and who handles it.
import GtkReactive

/// A key and the modifiers it needs, as written in the action table (`<Primary>o`,
/// `<Shift>Delete`, `Right`).
///
/// Keys go one of two ways. Those that no focused widget wants (function keys, and
/// Control or Alt chords that are not text editing) become GTK accelerators, which work
/// wherever the focus is and show in menus. The others — plain keys, Delete, and the
/// editing chords (Ctrl+C, Ctrl+Z) — are the focused widget's first: the window routes
/// them to their action only when the focus is not a text field, nothing inside an open
/// popover has it, and (for Space and Return) it is not on a button.
struct KeyChord: Hashable {
  /// The key's name, as GDK names it (`Right`, `plus`, `c`).
  let key: String
  /// The modifiers it needs.
  let modifiers: ModifierType

  /// Parses `<Primary><Shift>Delete`; `Primary` and `Control` mean Control.
  init(_ accelerator: String) {
    var rest = Substring(accelerator)
    var modifiers: ModifierType = []
    while rest.hasPrefix("<"), let end = rest.firstIndex(of: ">") {
      switch rest[rest.index(after: rest.startIndex)..<end].lowercased() {
      case "primary", "control", "ctrl": modifiers.insert(.control)
      case "shift": modifiers.insert(.shift)
      case "alt", "mod1": modifiers.insert(.alt)
      case "super": modifiers.insert(.super)
      default: break
      }
      rest = rest[rest.index(after: end)...]
    }
    key = String(rest)
    self.modifiers = modifiers
  }

  /// `accelerator` as a right-to-left layout reads it: Left and Right (keypad too) swap,
  /// modifiers stay; every other key is itself.
  static func mirrored(_ accelerator: String) -> String {
    let swaps = ["Left": "Right", "Right": "Left", "KP_Left": "KP_Right", "KP_Right": "KP_Left"]
    let chord = KeyChord(accelerator)
    guard let swapped = swaps[chord.key] else { return accelerator }
    return String(accelerator.dropLast(chord.key.count)) + swapped
  }

  /// Keys a text field or a list uses for itself, even with Control held.
  private static let editingKeys: Set<String> = [
    "a", "c", "x", "v", "z", "y", "Insert", "Delete", "KP_Delete", "BackSpace", "Left", "Right",
    "Up", "Down", "Home", "End",
  ]

  /// Keys whose name is itself a shifted symbol on some layouts: Shift does not count.
  private var shiftIsPartOfKey: Bool {
    key.count > 1 && !Self.namedKeys.contains(key) && !key.hasPrefix("F") && !key.hasPrefix("KP_")
  }

  private static let namedKeys: Set<String> = [
    "Delete", "BackSpace", "Left", "Right", "Up", "Down", "Home", "End", "Page_Up", "Page_Down",
    "Return", "space", "Tab", "Escape", "Menu", "Insert",
  ]

  /// Whether GTK handles this key as an accelerator (see the type's description).
  var isAccelerator: Bool {
    if key.count > 1, key.hasPrefix("F"), Int(key.dropFirst()) != nil { return true }
    if key == "Menu" { return true }
    let chord = modifiers.intersection([.control, .alt])
    return !chord.isEmpty && !Self.editingKeys.contains(key)
  }

  /// Whether `event` is this chord. Letters match in either case (Shift or Caps Lock
  /// makes `F` of `f`; Shift itself still has to match); for symbols that Shift
  /// produces (`plus`, `question`) Shift does not count.
  func matches(_ event: KeyEvent) -> Bool {
    let letter = key.count == 1 && key.first!.isLetter
    guard letter ? event.name.lowercased() == key.lowercased() : event.name == key else {
      return false
    }
    var significant: ModifierType = [.control, .alt, .super]
    if !shiftIsPartOfKey { significant.insert(.shift) }
    return event.modifiers.intersection(significant) == modifiers.intersection(significant)
  }
}
