// GMenu models written as Swift: items, sections and submenus in a result builder.
import CGtk

/// One entry of a menu model: an item bound to an action, a section or a submenu.
///
/// ```swift
/// let menu = Gio.Menu {
///   MenuEntry.item("_New", action: "app.new")
///   MenuEntry.section {
///     MenuEntry.item("Zoom 1×", action: "win.zoom", target: Int32(1))
///     MenuEntry.item("Zoom 2×", action: "win.zoom", target: Int32(2))
///   }
///   MenuEntry.submenu("View") {
///     MenuEntry.item("_Dark Theme", action: "app.dark")   // a toggle action: a check item
///   }
/// }
/// menuButton.menuModel = menu
/// ```
public struct MenuEntry {
  /// Adds the entry to a menu.
  fileprivate let append: (Gio.Menu) -> Void

  /// An item with `label` (`_` marks the mnemonic) that activates `action` (a prefixed
  /// name: `"app.quit"`, `"win.close"`). A stateful boolean action shows as a check item.
  public static func item(_ label: String, action: String) -> MenuEntry {
    MenuEntry { menu in menu.append(label, detailedAction: action) }
  }

  /// An item like `item(_:action:)` that shows `accelerator` (`"Delete"`,
  /// `"<Primary>c"`) as its shortcut, for a key the window handles itself rather than
  /// through GTK's accelerators (a key a text field must keep), which GTK's menus would
  /// otherwise show none for. `nil` shows the action's GTK accelerator, if any.
  public static func item(_ label: String, action: String, accelerator: String?) -> MenuEntry {
    MenuEntry { menu in
      let item = Gio.MenuItem(label: label, detailedAction: action)
      if let accelerator {
        g_menu_item_set_attribute_value(item.opaque, "accel", g_variant_new_string(accelerator))
      }
      menu.appendItem(item)
    }
  }

  /// An item that activates `action` with `target` as the parameter; for a stateful
  /// action whose state has the target's type, a radio item checked when they are equal.
  public static func item<Target: ActionParameter>(
    _ label: String, action: String, target: Target
  ) -> MenuEntry {
    MenuEntry { menu in
      let item = Gio.MenuItem(label: label, detailedAction: nil)
      g_menu_item_set_action_and_target_value(item.opaque, action, target.makeVariant())
      menu.appendItem(item)
    }
  }

  /// A section: its entries, set apart by separators, under an optional `label`.
  public static func section(
    _ label: String? = nil, @MenuBuilder _ entries: () -> [MenuEntry]
  ) -> MenuEntry {
    let section = Gio.Menu(entries)
    return MenuEntry { menu in menu.appendSection(label, section: section) }
  }

  /// A submenu named `label` holding `entries`.
  public static func submenu(
    _ label: String, @MenuBuilder _ entries: () -> [MenuEntry]
  ) -> MenuEntry {
    let submenu = Gio.Menu(entries)
    return MenuEntry { menu in menu.appendSubmenu(label, submenu: submenu) }
  }

  /// A submenu named `label` showing `model`, a menu kept elsewhere and changed there
  /// (recent files, open windows): the menu follows its changes.
  public static func submenu(_ label: String, model: MenuModel) -> MenuEntry {
    MenuEntry { menu in menu.appendSubmenu(label, submenu: model) }
  }
}

/// Builds the entries of a menu from statements: entries, `if`, `if`/`else` and `for`.
@resultBuilder
public enum MenuBuilder {
  /// One entry.
  public static func buildExpression(_ entry: MenuEntry) -> [MenuEntry] { [entry] }
  /// Entries made elsewhere (a `@MenuBuilder` function shared by two menus), in order.
  public static func buildExpression(_ entries: [MenuEntry]) -> [MenuEntry] { entries }
  /// Entries in order.
  public static func buildBlock(_ parts: [MenuEntry]...) -> [MenuEntry] {
    parts.flatMap { $0 }
  }
  /// The entries of an `if` whose condition held, or none.
  public static func buildOptional(_ part: [MenuEntry]?) -> [MenuEntry] { part ?? [] }
  /// The entries of the `if` branch.
  public static func buildEither(first part: [MenuEntry]) -> [MenuEntry] { part }
  /// The entries of the `else` branch.
  public static func buildEither(second part: [MenuEntry]) -> [MenuEntry] { part }
  /// The entries of every pass of a `for` loop.
  public static func buildArray(_ parts: [[MenuEntry]]) -> [MenuEntry] {
    parts.flatMap { $0 }
  }
}

extension Gio.Menu {
  /// A menu model holding `entries`, for `MenuButton.menuModel`,
  /// `Application.menubar`, `Popover(model:)` or a section of another menu.
  public convenience init(@MenuBuilder _ entries: () -> [MenuEntry]) {
    self.init()
    append(entries)
  }

  /// Appends `entries` to the end of the menu.
  public func append(@MenuBuilder _ entries: () -> [MenuEntry]) {
    for entry in entries() { entry.append(self) }
  }
}
