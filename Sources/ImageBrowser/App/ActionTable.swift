// The one table of the browser's actions: names, keys, titles, and where each shows in help.
import GtkReactive

/// One user action: the GAction it is (`win.` or `app.`), the keys that reach it, and
/// its title for menus and the shortcuts window.
struct BrowserAction: Hashable {
  /// Where the action lives: each window (`win.`) or the application (`app.`).
  enum Scope: String {
    /// `win.`: one per window, acting on that window's images.
    case window = "win"
    /// `app.`: the application's (new window, quit, help).
    case application = "app"
  }

  /// The group the shortcuts window lists it under.
  enum Group: String, CaseIterable {
    case navigation = "Navigation"
    case viewing = "Viewing"
    case image = "Image"
    case application = "Application"
  }

  /// The action's name without its prefix (`next`).
  let name: String
  /// Its action map.
  let scope: Scope
  /// Its keys, in GTK's accelerator syntax (`<Primary>o`, `Right`, `<Shift>Delete`).
  let keys: [String]
  /// What it does, for the shortcuts window and menus.
  let title: String
  /// Where the shortcuts window lists it.
  let group: Group

  /// The prefixed name a button, menu item or accelerator names (`win.next`).
  var detailedName: String { "\(scope.rawValue).\(name)" }
}

extension BrowserAction {
  /// Every action, in the order the shortcuts window shows them.
  static let all: [BrowserAction] = [
    .init(
      name: "previous", scope: .window,
      keys: ["Left", "KP_Left", "Page_Up", "KP_Page_Up", "BackSpace"],
      title: "Previous image", group: .navigation),
    .init(
      name: "next", scope: .window,
      keys: ["Right", "KP_Right", "Page_Down", "KP_Page_Down", "space"],
      title: "Next image", group: .navigation),
    .init(
      name: "first", scope: .window, keys: ["Home", "KP_Home"], title: "First image",
      group: .navigation),
    .init(
      name: "last", scope: .window, keys: ["End", "KP_End"], title: "Last image", group: .navigation
    ),
    .init(
      name: "search", scope: .window, keys: ["<Primary>f"], title: "Filter by name",
      group: .navigation),
    .init(
      name: "zoom-in", scope: .window,
      keys: ["plus", "equal", "KP_Add", "<Primary>plus", "<Primary>equal"],
      title: "Zoom in", group: .viewing),
    .init(
      name: "zoom-out", scope: .window, keys: ["minus", "KP_Subtract", "<Primary>minus"],
      title: "Zoom out", group: .viewing),
    .init(
      name: "zoom-fit", scope: .window, keys: ["f", "<Primary>0"], title: "Fit to the window",
      group: .viewing),
    .init(
      name: "zoom-original", scope: .window, keys: ["1", "KP_1"], title: "Original size",
      group: .viewing),
    .init(name: "fullscreen", scope: .window, keys: ["F11"], title: "Fullscreen", group: .viewing),
    .init(
      name: "slideshow", scope: .window, keys: ["F5", "s"], title: "Slideshow", group: .viewing),
    .init(
      name: "slideshow-loop", scope: .window, keys: [], title: "Loop the slideshow",
      group: .viewing),
    .init(
      name: "slideshow-shuffle", scope: .window, keys: [], title: "Shuffle the slideshow",
      group: .viewing),
    .init(name: "info", scope: .window, keys: ["i"], title: "Image information", group: .viewing),
    .init(
      name: "properties", scope: .window, keys: ["<Alt>Return", "<Alt>KP_Enter"],
      title: "Image properties", group: .viewing),
    .init(name: "strip", scope: .window, keys: ["F9"], title: "Thumbnail strip", group: .viewing),
    .init(
      name: "preferences", scope: .window, keys: ["<Primary>comma"], title: "Preferences",
      group: .application),
    .init(
      name: "escape", scope: .window, keys: ["Escape"],
      title: "Leave fullscreen, slideshow or search", group: .viewing),
    .init(
      name: "trash", scope: .window, keys: ["Delete", "KP_Delete"], title: "Move to trash",
      group: .image),
    .init(
      name: "delete", scope: .window, keys: ["<Shift>Delete"], title: "Delete permanently",
      group: .image),
    .init(
      name: "undo", scope: .window, keys: ["<Primary>z"], title: "Undo move to trash", group: .image
    ),
    .init(name: "rename", scope: .window, keys: ["F2"], title: "Rename", group: .image),
    .init(
      name: "copy", scope: .window, keys: ["<Primary>c"], title: "Copy the image", group: .image),
    .init(
      name: "copy-path", scope: .window, keys: ["<Primary><Shift>c"], title: "Copy the path",
      group: .image),
    .init(
      name: "open-with", scope: .window, keys: [], title: "Open with another application",
      group: .image),
    .init(name: "show-in-folder", scope: .window, keys: [], title: "Show in folder", group: .image),
    .init(
      name: "wallpaper", scope: .window, keys: ["<Primary>F8"], title: "Set as wallpaper",
      group: .image),
    .init(name: "print", scope: .window, keys: ["<Primary>p"], title: "Print", group: .image),
    .init(
      name: "context-menu", scope: .window, keys: ["Menu", "<Shift>F10"],
      title: "Show the image menu", group: .image),
    .init(
      name: "open", scope: .window, keys: ["<Primary>o"], title: "Open files or a folder",
      group: .application),
    .init(
      name: "close", scope: .window, keys: ["<Primary>w"], title: "Close the window",
      group: .application),
    .init(
      name: "new-window", scope: .application, keys: ["<Primary>n"], title: "New window",
      group: .application),
    .init(
      name: "shortcuts", scope: .application, keys: ["<Primary>question", "<Primary>F1"],
      title: "Keyboard shortcuts", group: .application),
    .init(name: "help", scope: .application, keys: ["F1"], title: "Help", group: .application),
    .init(
      name: "quit", scope: .application, keys: ["<Primary>q"], title: "Quit", group: .application),
  ]

  /// The action named `name` (a table entry must exist).
  static func named(_ name: String) -> BrowserAction {
    guard let action = all.first(where: { $0.name == name }) else {
      preconditionFailure("no action \(name) in the table")
    }
    return action
  }
}
