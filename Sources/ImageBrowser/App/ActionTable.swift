// The one table of the browser's actions: names, keys, titles, and where each shows in help.
import GtkReactive
import ImageBrowserCore

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
  enum Group: CaseIterable {
    case navigation, viewing, image, application

    /// The group's heading, in the user's language.
    var title: String {
      switch self {
      case .navigation: tr("Navigation")
      case .viewing: tr("Viewing")
      case .image: tr("Image")
      case .application: tr("Application")
      }
    }
  }

  /// The action's name without its prefix (`next`).
  let name: String
  /// Its action map.
  let scope: Scope
  /// Its keys, in GTK's accelerator syntax (`<Primary>o`, `Right`, `<Shift>Delete`).
  let keys: [String]
  /// What it does, in English: the message `title` translates.
  let englishTitle: String
  /// Where the shortcuts window lists it.
  let group: Group

  /// An action named `name` in `scope`, reached by `keys`, doing what `title` (English,
  /// marked for translation with `N_`) says, listed under `group`.
  init(name: String, scope: Scope, keys: [String], title: String, group: Group) {
    self.name = name
    self.scope = scope
    self.keys = keys
    self.englishTitle = title
    self.group = group
  }

  /// What it does, for the shortcuts window and menus, in the user's language.
  var title: String { tr(englishTitle) }

  /// Its keys for a window laid out `rightToLeft`: there the arrow keys swap, so that
  /// Left, which points the way the images run, goes to the next image, as in Loupe.
  func keys(rightToLeft: Bool) -> [String] {
    rightToLeft ? keys.map(KeyChord.mirrored) : keys
  }

  /// The prefixed name a button, menu item or accelerator names (`win.next`).
  var detailedName: String { "\(scope.rawValue).\(name)" }
}

extension BrowserAction {
  /// Every action, in the order the shortcuts window shows them.
  static let all: [BrowserAction] = [
    .init(
      name: "previous", scope: .window,
      keys: ["Left", "KP_Left", "<Alt>Left", "Page_Up", "KP_Page_Up", "BackSpace"],
      title: N_("Previous image"), group: .navigation),
    .init(
      name: "next", scope: .window,
      keys: ["Right", "KP_Right", "<Alt>Right", "Page_Down", "KP_Page_Down", "space"],
      title: N_("Next image"), group: .navigation),
    .init(
      name: "first", scope: .window, keys: ["Home", "KP_Home"], title: N_("First image"),
      group: .navigation),
    .init(
      name: "last", scope: .window, keys: ["End", "KP_End"], title: N_("Last image"),
      group: .navigation
    ),
    .init(
      name: "browse", scope: .window, keys: ["b"], title: N_("Browse the folder as a grid"),
      group: .navigation),
    .init(
      name: "parent", scope: .window, keys: ["<Alt>Up", "<Alt>KP_Up"],
      title: N_("Parent folder"), group: .navigation),
    .init(
      name: "select-all", scope: .window, keys: ["<Primary>a"],
      title: N_("Select every image in the grid"), group: .navigation),
    .init(
      name: "search", scope: .window, keys: ["<Primary>f"], title: N_("Filter by name"),
      group: .navigation),
    .init(
      name: "zoom-in", scope: .window,
      keys: ["plus", "equal", "KP_Add", "<Primary>plus", "<Primary>equal"],
      title: N_("Zoom in"), group: .viewing),
    .init(
      name: "zoom-out", scope: .window, keys: ["minus", "KP_Subtract", "<Primary>minus"],
      title: N_("Zoom out"), group: .viewing),
    .init(
      name: "zoom-fit", scope: .window, keys: ["f", "<Primary>0"], title: N_("Fit to the window"),
      group: .viewing),
    .init(
      name: "zoom-original", scope: .window, keys: ["1", "KP_1"], title: N_("Original size"),
      group: .viewing),
    .init(
      name: "zoom-fill-width", scope: .window, keys: ["w"], title: N_("Fill the width"),
      group: .viewing),
    .init(
      name: "fullscreen", scope: .window, keys: ["F11"], title: N_("Fullscreen"), group: .viewing),
    .init(
      name: "slideshow", scope: .window, keys: ["F5", "s"], title: N_("Slideshow"), group: .viewing),
    .init(
      name: "slideshow-loop", scope: .window, keys: [], title: N_("Loop the slideshow"),
      group: .viewing),
    .init(
      name: "slideshow-shuffle", scope: .window, keys: [], title: N_("Shuffle the slideshow"),
      group: .viewing),
    .init(
      name: "sort-descending", scope: .window, keys: [], title: N_("Reverse the sort order"),
      group: .viewing),
    .init(
      name: "info", scope: .window, keys: ["i"], title: N_("Image information"), group: .viewing),
    .init(
      name: "properties", scope: .window, keys: ["<Alt>Return", "<Alt>KP_Enter"],
      title: N_("Image properties"), group: .viewing),
    .init(
      name: "strip", scope: .window, keys: ["F9"], title: N_("Thumbnail strip"), group: .viewing),
    .init(
      name: "all-fields", scope: .window, keys: [], title: N_("All metadata fields"),
      group: .viewing),
    .init(
      name: "preferences", scope: .window, keys: ["<Primary>comma"], title: N_("Preferences"),
      group: .application),
    .init(
      name: "escape", scope: .window, keys: ["Escape"],
      title: N_("Leave search, slideshow or fullscreen, or the image for the grid"),
      group: .viewing),
    .init(
      name: "trash", scope: .window, keys: ["Delete", "KP_Delete"], title: N_("Move to trash"),
      group: .image),
    .init(
      name: "delete", scope: .window, keys: ["<Shift>Delete"], title: N_("Delete permanently"),
      group: .image),
    .init(
      name: "undo", scope: .window, keys: ["<Primary>z"],
      title: N_("Undo the move to trash, or the last edit"), group: .image),
    .init(
      name: "redo", scope: .window, keys: ["<Primary><Shift>z"],
      title: N_("Redo the last edit undone"), group: .image),
    .init(name: "rename", scope: .window, keys: ["F2"], title: N_("Rename"), group: .image),
    .init(
      name: "rotate-right", scope: .window, keys: ["<Primary>r"], title: N_("Rotate clockwise"),
      group: .image),
    .init(
      name: "rotate-left", scope: .window, keys: ["<Primary><Shift>r"],
      title: N_("Rotate counter-clockwise"), group: .image),
    .init(
      name: "flip-horizontal", scope: .window, keys: [], title: N_("Flip horizontally"),
      group: .image),
    .init(
      name: "flip-vertical", scope: .window, keys: [], title: N_("Flip vertically"),
      group: .image),
    .init(
      name: "save", scope: .window, keys: ["<Primary>s"], title: N_("Save the edits"),
      group: .image),
    .init(
      name: "save-as", scope: .window, keys: ["<Primary><Shift>s"],
      title: N_("Save as a new file"), group: .image),
    .init(name: "crop", scope: .window, keys: ["c"], title: N_("Crop"), group: .image),
    .init(
      name: "crop-apply", scope: .window, keys: ["Return", "KP_Enter"],
      title: N_("Take the crop"), group: .image),
    .init(
      name: "crop-cancel", scope: .window, keys: [], title: N_("Leave crop mode"), group: .image),
    .init(name: "resize", scope: .window, keys: [], title: N_("Resize"), group: .image),
    .init(
      name: "copy", scope: .window, keys: ["<Primary>c"],
      title: N_("Copy the image or the selected files"), group: .image
    ),
    .init(
      name: "copy-path", scope: .window, keys: ["<Primary><Shift>c"], title: N_("Copy the path"),
      group: .image),
    .init(
      name: "open-with", scope: .window, keys: [], title: N_("Open with another application"),
      group: .image),
    .init(
      name: "show-in-folder", scope: .window, keys: [], title: N_("Show in folder"), group: .image),
    .init(
      name: "wallpaper", scope: .window, keys: ["<Primary>F8"], title: N_("Set as wallpaper"),
      group: .image),
    .init(name: "print", scope: .window, keys: ["<Primary>p"], title: N_("Print"), group: .image),
    .init(
      name: "context-menu", scope: .window, keys: ["Menu", "<Shift>F10"],
      title: N_("Show the image menu"), group: .image),
    .init(
      name: "main-menu", scope: .window, keys: ["F10"], title: N_("Show the main menu"),
      group: .application),
    .init(
      name: "open", scope: .window, keys: ["<Primary>o"], title: N_("Open files or a folder"),
      group: .application),
    .init(
      name: "open-recent", scope: .window, keys: [], title: N_("Open a recent image or folder"),
      group: .application),
    .init(
      name: "close", scope: .window, keys: ["<Primary>w"], title: N_("Close the window"),
      group: .application),
    .init(
      name: "new-window", scope: .application, keys: ["<Primary>n"], title: N_("New window"),
      group: .application),
    .init(
      name: "shortcuts", scope: .application, keys: ["<Primary>question", "<Primary>F1"],
      title: N_("Keyboard shortcuts"), group: .application),
    .init(name: "help", scope: .application, keys: ["F1"], title: N_("Help"), group: .application),
    .init(
      name: "about", scope: .application, keys: [], title: N_("About Image Browser"),
      group: .application),
    .init(
      name: "quit", scope: .application, keys: ["<Primary>q"], title: N_("Quit"),
      group: .application),
  ]

  /// The action named `name` (a table entry must exist).
  static func named(_ name: String) -> BrowserAction {
    guard let action = all.first(where: { $0.name == name }) else {
      preconditionFailure("no action \(name) in the table")
    }
    return action
  }
}
