// Browse mode in the window: the grid or the viewer, its actions and its keys.
import GtkReactive
import ImageBrowserCore
import Reactive

/// Switches the window between the viewer and the browse grid as
/// `BrowserViewModel.isBrowsing` says: the grid takes the viewer's place (the strip
/// hides: the grid shows the same thumbnails), and the keyboard focus goes with it.
enum BrowseMode {
  /// Binds `browser`'s pages to the view model's mode until disposed.
  static func bind(_ browser: BrowserWindow) -> Disposable {
    let viewModel = browser.viewModel
    let subscriptions = CompositeDisposable()
    subscriptions.add(
      viewModel.isBrowsing.signal.distinctUntilChanged()
        .subscribe(next: { [weak browser] browsing in
          guard let browser else { return }
          // The grid is built on first use, before its page is named (`DeferredParts`).
          if browsing {
            let grid = browser.grid
            browser.pages.visibleChildName = "browse"
            grid.shown()
            grid.canvas.grabFocus()
          } else {
            browser.pages.visibleChildName = "viewer"
            browser.viewer.canvas.grabFocus()
          }
        }))
    subscriptions.add(
      viewModel.preferences.showsStrip.signal.combineLatest(with: viewModel.isBrowsing.signal)
        .map { shows, browsing in shows && !browsing }
        .distinctUntilChanged()
        .bind(to: browser.stripArea.rx.isVisible))
    return subscriptions
  }

  /// The grid's own keys (handled by `BrowserWindowActions.routeGridKey`), for the
  /// Keyboard Shortcuts window: a title and the keys, in GTK's accelerator syntax.
  static var keys: [(title: String, keys: [String])] {
    [
      (tr("Open the image or folder"), ["Return"]),
      (tr("Move between cells and rows"), ["Left", "Right", "Up", "Down"]),
      (tr("A screen up or down"), ["Page_Up", "Page_Down"]),
      (tr("First or last cell"), ["Home", "End"]),
      (tr("Add to the selection"), ["<Primary>space"]),
      (tr("Extend the selection"), ["<Shift>Down"]),
      (tr("Parent folder"), ["BackSpace"]),
    ]
  }

  /// The grid's style rule, the path bar's current folder in bold:
  /// `BrowserWindow.installStyle` adds it to the window's style sheet, after the
  /// window's own rules.
  static let style = ".path-bar-current label { font-weight: bold; }"
}

extension BrowserWindowActions {
  /// Registers `win.browse` (the grid or the viewer), `win.parent` (the parent folder)
  /// and `win.select-all` (every image in the grid).
  func addBrowseActions() {
    let viewModel = browser.viewModel
    addToggle("browse", viewModel.isBrowsing)
    add(
      "parent",
      command(enabledIf: viewModel.parentFolder.map { $0 != nil }) { [weak self] in
        self?.browser.viewModel.openParentFolder()
        self?.browser.viewModel.isBrowsing.value = true
      })
    add(
      "select-all",
      command(enabledIf: Property(viewModel.isBrowsing)) { [weak self] in
        self?.browser.viewModel.selectAllInGrid()
      })
  }

  /// The last step of Escape: from the viewer back to the grid; in the grid, the
  /// selection cleared.
  func escapeToGrid() {
    let viewModel = browser.viewModel
    if viewModel.isBrowsing.value {
      if let cell = viewModel.state.value.focusedCell { viewModel.pickGridCell(cell) }
    } else if viewModel.state.value.phase != .idle {
      viewModel.isBrowsing.value = true
    }
  }

  /// The grid's own keys while it shows: the arrows, Page Up/Down, Home and End move its
  /// focus (Shift extends the selection, Ctrl+Space toggles the focused image), Return
  /// opens the focused cell and BackSpace the parent folder. The same places as the
  /// window's other keys leave them alone: a text field, an open popover, a focused
  /// button (Return, Space). Returns whether the grid took the key.
  func routeGridKey(_ key: KeyEvent) -> Bool {
    let viewModel = browser.viewModel
    guard viewModel.isBrowsing.value, !viewModel.isFullscreen.value else { return false }
    if let focus = browser.window.focus {
      if focus.ancestor(Popover.self) != nil || focus.isA(AnyEditable.self) { return false }
      if ["space", "Return", "KP_Enter"].contains(key.name), focus.isA(Button.self) {
        return false
      }
    }
    let modifiers = key.modifiers.intersection([.control, .alt, .shift])
    let rightToLeft = browser.window.direction == .rtl
    if modifiers.contains(.alt) { return false }
    if let move = Self.gridMoves[key.name] {
      var move = move
      if rightToLeft, move == .previous || move == .next {
        move = move == .previous ? .next : .previous
      }
      browser.grid.updateLayout()
      // Shift extends the selection; Ctrl+arrows move like plain ones (the focus is the
      // current image, which a move always picks).
      let pick: GridPick = modifiers.contains(.shift) ? .extend : .replace
      viewModel.moveGridFocus(move, in: browser.grid.layout, pick)
      return true
    }
    switch (key.name, modifiers) {
    case ("Return", []), ("KP_Enter", []), ("ISO_Enter", []):
      viewModel.activateGridFocus()
      return true
    case ("space", [.control]):
      if let cell = viewModel.state.value.focusedCell { viewModel.pickGridCell(cell, .toggle) }
      return true
    case ("BackSpace", []):
      browser.window.activateAction("parent")
      return true
    default:
      return false
    }
  }

  /// The keys that move the grid's focus.
  static let gridMoves: [String: GridMove] = [
    "Left": .previous, "KP_Left": .previous, "Right": .next, "KP_Right": .next,
    "Up": .up, "KP_Up": .up, "Down": .down, "KP_Down": .down,
    "Page_Up": .pageUp, "KP_Page_Up": .pageUp, "Page_Down": .pageDown,
    "KP_Page_Down": .pageDown, "Home": .home, "KP_Home": .home, "End": .end, "KP_End": .end,
  ]
}
